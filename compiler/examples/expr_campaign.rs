//! A campaign of random index-notation kernels: every draw must lower
//! right or be refused with a reason, never give a wrong result.
//!
//! ```text
//! cargo run --release -p samgen-compiler --example expr_campaign -- --draws 100000 --seed 1
//! ```
//!
//! Options: `--draws N` (default 10000), `--seed S` (first seed; draw k uses seed
//! S + k; default 0), `--jobs J` (threads, default 1), `--show K` (failing draws
//! printed in full, default 5), `--examples` (one example per category), `--one`
//! (print draw S and its outcome in full, then stop).
//!
//! Prints a table of outcome counts per category (`ok`, `wrong (...)`,
//! `refused: ...`, `skipped: ...`), draws per second, and the first failing
//! draws in full (wrong ones first) with a `samgen compile` line to reproduce
//! each. Exits non-zero when a draw is wrong.

use std::time::Instant;

use samgen_compiler::fuzz::{check, draw_with, DrawConfig, Tally};

struct Args {
    draws: u64,
    seed: u64,
    jobs: u64,
    show: usize,
    examples: bool,
    one: bool,
    formats: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        draws: 10_000,
        seed: 0,
        jobs: 1,
        show: 5,
        examples: false,
        one: false,
        formats: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let v = it.next().ok_or(format!("{name} needs a value"))?;
            v.parse()
                .map_err(|_| format!("{name}: `{v}` is not a number"))
        };
        match flag.as_str() {
            "--draws" => a.draws = number("--draws")?,
            "--seed" => a.seed = number("--seed")?,
            "--jobs" => a.jobs = number("--jobs")?.max(1),
            "--show" => a.show = number("--show")? as usize,
            "--examples" => a.examples = true,
            "--one" => a.one = true,
            "--formats" => a.formats = true,
            "-h" | "--help" => {
                return Err(
                    "usage: expr_campaign [--draws N] [--seed S] [--jobs J] [--show K] \
                     [--examples] [--one] [--formats]"
                        .into(),
                )
            }
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    Ok(a)
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("expr_campaign: {e}");
        std::process::exit(2);
    });
    let config = if args.formats {
        DrawConfig::formats()
    } else {
        DrawConfig::default()
    };
    let config = &config;
    if args.one {
        let d = draw_with(args.seed, config);
        print!("{d}");
        println!("    -> {}", check(&d));
        return;
    }
    let start = Instant::now();
    let per = args.draws.div_ceil(args.jobs);
    let keep = args.show.max(1);
    let tally = std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.jobs)
            .map(|j| {
                let lo = args.seed + j * per;
                let hi = (args.seed + (j + 1) * per).min(args.seed + args.draws);
                s.spawn(move || {
                    let mut t = Tally::new(keep);
                    for seed in lo..hi {
                        let d = draw_with(seed, config);
                        let o = check(&d);
                        t.add(&d, &o);
                    }
                    t
                })
            })
            .collect();
        let mut all = Tally::new(keep);
        for h in handles {
            all.merge(h.join().expect("a campaign thread panicked"));
        }
        all
    });
    let secs = start.elapsed().as_secs_f64();
    println!(
        "expr_campaign{}: seeds {}..{} ({} threads)",
        if args.formats { " --formats" } else { "" },
        args.seed,
        args.seed + args.draws,
        args.jobs
    );
    println!();
    print!("{}", tally.table());
    println!(
        "  {:.1} s, {:.0} draws/s",
        secs,
        tally.draws as f64 / secs.max(1e-9)
    );
    if args.examples {
        println!();
        println!("first draw of each category:");
        print!("{}", tally.examples());
    }
    if let Some(f) = tally.first_failures(args.show) {
        println!();
        println!("first failing draws (wrong first):");
        println!();
        print!("{f}");
    }
    if tally.count("wrong") > 0 {
        std::process::exit(1);
    }
}
