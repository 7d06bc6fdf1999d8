# Helpers of the NN_*.sh benchmark scripts (sourced): summaries of one
# number per line on stdin.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
spread() { sort -g | awk '{a[NR]=$1} END {printf "%.0f (%.0f–%.0f)", a[int((NR+1)/2)], a[1], a[NR]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print a / b}'; }
