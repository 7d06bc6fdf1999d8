#!/bin/bash
# The README's chart: rows/s, WAL and primary-key size per generator, each
# relative to bigserial, from the table 50_inserts.sh writes.
# Usage: test/bench/chart.sh [inserts.tsv] [output.svg]   (needs gnuplot-nox)
set -euo pipefail
in=${1:-/tmp/uuid_seq_inserts.tsv}
out=${2:-$(dirname "$0")/../../docs/inserts.svg}
command -v gnuplot >/dev/null || { echo "chart.sh: apt-get install gnuplot-nox" >&2; exit 1; }
data=$(mktemp)
trap 'rm -f "$data"' EXIT
# name rows/s WAL index, relative to the first row (bigserial)
awk -F'\t' 'NR == 1 {r = $2; w = $3; i = $4}
	{printf "\"%s\"\t%.3f\t%.3f\t%.3f\t%.0f\n", $1, $2 / r, $3 / w, $4 / i, $5}' "$in" >"$data"
gnuplot <<GP
set terminal svg size 900,420 font "sans,12" background rgb "white"
set output "$out"
set title "Primary-key inserts relative to bigserial: rows/s (higher is better), WAL and index size (lower is better)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
set ylabel "× bigserial"
set key top left
set xtics noenhanced
plot "$data" using 2:xtic(1) title "rows/s", \
     "" using 3 title "WAL bytes", \
     "" using 4 title "index size", \
     "" using 0:4:(sprintf("%d%% dense", \$5)) with labels offset 7.5,0.6 notitle
GP
echo "wrote $out"
