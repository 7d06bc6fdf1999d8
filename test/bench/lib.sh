# Helpers of the NN_*.sh benchmark scripts (sourced): summaries of one
# number per line on stdin.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
spread() { sort -g | awk '{a[NR]=$1} END {printf "%.0f (%.0f–%.0f)", a[int((NR+1)/2)], a[1], a[NR]}'; }
# as_server_user CMD...: servers refuse to run as root: as root CMD runs as
# postgres, from / (the benchmark's directory may be one postgres cannot
# enter, a checkout in /root).
as_server_user()
{
	if [[ $(id -u) -eq 0 ]]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print a / b}'; }
