//! Percentiles over recorded samples (exact: the sample sets here are small enough to sort).

use std::time::Duration;

/// p50 / p99 / max of a set of durations, in milliseconds.
pub struct Summary {
    pub n: usize,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

/// Nearest-rank percentile of sorted samples.
fn rank(sorted: &[Duration], p: f64) -> Duration {
    let i = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[i.clamp(1, sorted.len()) - 1]
}

pub fn summarize(samples: &[Duration]) -> Option<Summary> {
    if samples.is_empty() {
        return None;
    }
    let mut s = samples.to_vec();
    s.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    Some(Summary {
        n: s.len(),
        p50: ms(rank(&s, 50.0)),
        p99: ms(rank(&s, 99.0)),
        max: ms(s[s.len() - 1]),
    })
}

/// One line: `label: n=…, p50 … ms, p99 … ms, max … ms`.
pub fn line(label: &str, samples: &[Duration]) -> String {
    match summarize(samples) {
        Some(s) => format!(
            "{label}: n={}, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            s.n, s.p50, s.p99, s.max
        ),
        None => format!("{label}: no samples"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank() {
        let v: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let s = summarize(&v).expect("samples");
        assert_eq!((s.p50, s.p99, s.max), (50.0, 99.0, 100.0));
    }
}
