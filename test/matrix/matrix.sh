#!/bin/bash
# The version matrix (as root): builds uuid_seq against every PostgreSQL
# major it supports and runs the whole suite against each, the one that
# tools/run-all.sh runs on 15: pg_regress preloaded and not, isolation, every
# TAP test.  `bash test/matrix/matrix.sh` runs 13 to 19; `bash test/matrix/matrix.sh 17`
# (or any list of majors) runs those alone.
#
# Where each major comes from and how the cache works: test/matrix/lib.sh.
# The chroots and source builds are started in the background first (the
# chroots wait on the network, the builds on the CPU) while 15 is tested on
# the host; each other major is tested as soon as its server is ready, two
# at a time (UUID_SEQ_MATRIX_JOBS): their servers listen on Unix sockets of
# their own, and much of a TAP test's time is spent waiting.
# Without ../shared/vendor, 14 and 16 are skipped with one line; every other
# major must run.  A server that cannot be had (no network, a missing
# package, a failed build) fails its major, naming the step.  When 15 and 18
# both run, 18 also restores a dump of a uuid_seq database made on 15
# (test/matrix/dump-source.sh), once 15's run has built and installed
# uuid_seq.  19 also runs pg_upgrade from 18 (test/matrix/pg-upgrade.sh).
# When 15 and 16 (or 14) both pass, one checkout is built for both in a row
# at the end (test/matrix/two-majors.sh); otherwise one line says why not.
# Every major Debian packages (13, 15, 17, 18, 19) builds its .deb
# (test/package/deb-check.sh) and installs it in place of `make install`, so
# that its whole suite tests the installed package.
#
# Logs: matrix_log/<major>/ (provision.log, build.log, regress.log,
# isolation.log, tap.log, server.log, upgrade.log, deb.log).  At the end, the
# packages of every major in matrix_log/debs/ (the run's artifacts), a
# summary table (matrix_log/summary.md) and the exit status: 0 when every
# major that ran passed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here="$top/test/matrix"
. "$here/lib.sh"
cd "$top"

# The majors asked for, in the order they are started once their servers
# are ready: the host's first (ready at once, and the source of 18's dump),
# then the chroot majors, whose runs are the longest (the package, and 19's
# pg_upgrade), the source builds last (ready last on a fresh machine), so that
# no long run is left alone at the end.  The summary lists them by number.
order=(15 19 17 18 13 14 16)
declare -A wanted=()
asked=("$@")
[[ $# -gt 0 ]] || asked=("${matrix_all_majors[@]}")
for m in "${asked[@]}"; do
	matrix_origin "$m" >/dev/null || {
		echo "usage: bash test/matrix/matrix.sh [MAJOR...]   (MAJOR: ${matrix_all_majors[*]})" >&2
		exit 2
	}
	wanted[$m]=1
done
majors=()
for m in "${order[@]}"; do
	[[ -n ${wanted[$m]:-} ]] && majors+=("$m")
done

if [[ $(id -u) -ne 0 ]]; then
	echo "matrix: must run as root (chroots, mounts, servers run as postgres)" >&2
	exit 1
fi

log="$top/matrix_log"
dump_dir=/var/tmp/uuid_seq-matrix-dump-source
rm -rf "$log"
mkdir -p "$log"
t0=$SECONDS

declare -A origin=() skipped=()
vendor="$top/../shared/vendor"
need_chroot= need_source=
for m in "${majors[@]}"; do
	origin[$m]=$(matrix_origin "$m")
	mkdir -p "$log/$m"
	case ${origin[$m]} in
	chroot) need_chroot=1 ;;
	source) need_source=1 ;;
	esac
done
if [[ -n $need_source && ! -d $vendor ]]; then
	skip=()
	for m in "${majors[@]}"; do
		[[ ${origin[$m]} == source ]] && skip+=("$m") && skipped[$m]=1
	done
	matrix_say "../shared/vendor not found: PostgreSQL ${skip[*]} skipped (no Debian suite packages them)"
	need_source=
fi

# Host tools: install them (tools/install-deps.sh) when one is missing.
tools=(unshare flock sha256sum)
[[ -n $need_chroot ]] && tools+=(debootstrap)
[[ -n $need_source ]] && tools+=(bison flex)
for tool in "${tools[@]}"; do
	if ! command -v "$tool" >/dev/null; then
		matrix_say "$tool is missing: bash tools/install-deps.sh"
		bash "$top/tools/install-deps.sh"
		break
	fi
done
for tool in "${tools[@]}"; do
	command -v "$tool" >/dev/null || {
		echo "matrix: $tool is not installed and tools/install-deps.sh did not install it" >&2
		exit 1
	}
done

# Chroots and source builds mount in a private mount namespace (tmpfs, proc,
# overlay, bind): check once that this machine allows it.
if [[ -n $need_chroot$need_source ]]; then
	if ! unshare --mount --propagation private bash -c '
		d=$(mktemp -d) && mount -t tmpfs none "$d" && mkdir "$d/l" "$d/u" "$d/w" "$d/m" &&
		mount -t overlay overlay -o "lowerdir=$d/l,upperdir=$d/u,workdir=$d/w" "$d/m" &&
		umount "$d/m" "$d" && rmdir "$d"' 2>"$log/mount-check.log"; then
		cat "$log/mount-check.log" >&2
		echo "matrix: cannot mount here (unshare --mount, tmpfs, overlay): chroots and source builds need it" >&2
		exit 1
	fi
fi

# provision MAJOR: makes (or finds) MAJOR's server; its path goes to
# $log/MAJOR/entry, its exit status to $log/MAJOR/provision.rc.
provision()
{
	local m=$1 rc=0 start=$SECONDS
	case ${origin[$m]} in
	chroot) bash "$here/chroot-make.sh" "$m" "$log/$m/entry" ;;
	source) bash "$here/pg-build.sh" "$m" "$log/$m/entry" ;;
	esac >"$log/$m/provision.log" 2>&1 || rc=$?
	echo $((SECONDS - start)) >"$log/$m/provision.seconds"
	echo "$rc" >"$log/$m/provision.rc.tmp"
	mv "$log/$m/provision.rc.tmp" "$log/$m/provision.rc"
}

# Start every chroot at once (network-bound) and the source builds one after
# the other (each uses every core).
bg_pids=()
sources=()
for m in "${majors[@]}"; do
	[[ -n ${skipped[$m]:-} ]] && continue
	case ${origin[$m]} in
	chroot)
		provision "$m" &
		bg_pids+=($!)
		;;
	source) sources+=("$m") ;;
	host) echo 0 >"$log/$m/provision.rc" ;;
	esac
done
if [[ ${#sources[@]} -gt 0 ]]; then
	(for m in "${sources[@]}"; do provision "$m"; done) &
	bg_pids+=($!)
fi
stop_background()
{
	local p
	for p in "${bg_pids[@]}"; do
		kill -- "$p" 2>/dev/null || true
	done
	# only a run that may have started it (15 and 18 both asked for): another
	# run of the matrix on this machine may be restoring from it
	if [[ -n ${wanted[15]:-} && -n ${wanted[18]:-} ]]; then
		bash "$here/dump-source.sh" stop "$dump_dir"
	fi
}
trap stop_background EXIT
matrix_say "testing PostgreSQL ${majors[*]}; servers being made in the background (logs: matrix_log/)"

# test_major MAJOR DUMP: runs MAJOR's suite (with DUMP, 18 restores a dump
# of a database made on 15 first: the path users take across majors); its
# output goes to $log/MAJOR/run.log, its exit status to run.rc, its duration
# to run.seconds.  Runs in the background, UUID_SEQ_MATRIX_JOBS at a time.
test_major()
{
	local m=$1 dump=$2 start=$SECONDS rc=0 entry dump_port= cwd_errors
	entry=$(cat "$log/$m/entry" 2>/dev/null || echo /)
	{
		if [[ -n $dump ]]; then
			dump_port=$(bash "$here/dump-source.sh" start "$dump_dir") &&
				cp "$dump_dir/rows.out" "$log/$m/dump-source-rows.out" || rc=1
		fi
		[[ $rc -ne 0 ]] ||
			bash "$here/run-major.sh" "$m" "${origin[$m]}" "$entry" "$log/$m" $dump_port || rc=$?
		[[ -z $dump ]] || bash "$here/dump-source.sh" stop "$dump_dir"
		# What runs as postgres starts in a directory it can enter, never in
		# the checkout (which may be in /root): PostgreSQL's programs say so.
		cwd_errors=$(grep -rhsF 'could not change directory to' "$log/$m" || true)
		if [[ -n $cwd_errors ]]; then
			sort <<<"$cwd_errors" | uniq -c
			matrix_say "PostgreSQL $m: something ran as postgres in a directory postgres cannot enter"
			rc=1
		fi
	} >"$log/$m/run.log" 2>&1
	echo $((SECONDS - start)) >"$log/$m/run.seconds"
	echo "$rc" >"$log/$m/run.rc.tmp"
	mv "$log/$m/run.rc.tmp" "$log/$m/run.rc"
	if [[ $rc -eq 0 ]]; then
		matrix_say "PostgreSQL $m: passed"
	else
		tail -60 "$log/$m/run.log"
		matrix_say "PostgreSQL $m: FAILED (matrix_log/$m/run.log)"
	fi
}

jobs=${UUID_SEQ_MATRIX_JOBS:-2}
declare -A status=() minutes=() job=()
# running_tests: how many majors are being tested now.
running_tests()
{
	local m n=0
	for m in "${!job[@]}"; do
		[[ -e $log/$m/run.rc ]] || n=$((n + 1))
	done
	echo "$n"
}
# start_major MAJOR: tests MAJOR, whose server is ready (or failed).
start_major()
{
	local m=$1 dump=
	if [[ $(cat "$log/$m/provision.rc") != 0 ]]; then
		cat "$log/$m/provision.log" | tail -30 >&2
		grep -h '^matrix: PostgreSQL' "$log/$m/provision.log" >&2 ||
			echo "matrix: PostgreSQL $m: ${origin[$m]} failed (see matrix_log/$m/provision.log)" >&2
		status[$m]=failed
		return
	fi
	[[ ${origin[$m]} == host ]] || grep -h '^matrix: ' "$log/$m/provision.log" | tail -1 || true
	# the dump's source is 15's server, with the uuid_seq that 15's run
	# installed (ready_to_start waited for its install step)
	[[ $m == 18 && -n ${job[15]:-} ]] && grep -qs '^installed=ok' "$log/15/results" && dump=1
	[[ $m != 18 || -n $dump ]] ||
		matrix_say "PostgreSQL 18: the restore of a dump of 15 needs 15 built in the same run: not run"
	matrix_say "PostgreSQL $m: testing"
	test_major "$m" "$dump" &
	job[$m]=$!
}
# ready_to_start MAJOR: whether MAJOR's server is made (or failed to be) and,
# for 18 in a run with 15, 15's install step is over.
ready_to_start()
{
	local m=$1
	[[ -e $log/$m/provision.rc ]] || return 1
	[[ $m == 18 && -n ${wanted[15]:-} && -z ${status[15]:-} ]] || return 0
	[[ -n ${job[15]:-} ]] && { grep -qs '^installed=' "$log/15/results" || [[ -e $log/15/run.rc ]]; }
}
# Majors start in the order above as their servers become ready,
# UUID_SEQ_MATRIX_JOBS at a time.
pending=()
for m in "${majors[@]}"; do
	if [[ -n ${skipped[$m]:-} ]]; then
		status[$m]=skipped
	else
		pending+=("$m")
	fi
done
while [[ ${#pending[@]} -gt 0 ]]; do
	next=
	if [[ $(running_tests) -lt $jobs ]]; then
		for m in "${pending[@]}"; do
			if ready_to_start "$m"; then
				next=$m
				break
			fi
		done
	fi
	if [[ -z $next ]]; then
		sleep 1
		continue
	fi
	rest=()
	for m in "${pending[@]}"; do
		[[ $m == "$next" ]] || rest+=("$m")
	done
	pending=("${rest[@]}")
	start_major "$next"
done
wait
for m in "${majors[@]}"; do
	[[ -n ${status[$m]:-} ]] && continue
	if [[ $(cat "$log/$m/run.rc" 2>/dev/null) == 0 ]]; then
		status[$m]=passed
	else
		status[$m]=failed
	fi
	minutes[$m]=$(awk -v s="$(cat "$log/$m/run.seconds" 2>/dev/null || echo 0)" 'BEGIN { printf "%.1f", s / 60 }')
done

# One checkout built for two majors in a row, no make clean between
# (test/matrix/two-majors.sh): a source build of this run (16, else 14),
# then the host's 15, each installed and a server of each preloading it
# started.  It needs both: without them, one line says why it is skipped.
two_majors=skipped
second=
for m in 16 14; do
	if [[ ${status[$m]:-} == passed ]]; then
		second=$m
		break
	fi
done
if [[ ${status[15]:-} != passed ]]; then
	two_majors_why="needs 15 to pass in this run"
elif [[ -z $second ]]; then
	two_majors_why="needs a source build of 16 or 14 in this run (../shared/vendor), which passed"
fi
if [[ -n $second && ${status[15]:-} == passed ]]; then
	mkdir -p "$log/two-majors"
	matrix_say "two majors in one checkout ($second, then 15, no make clean): testing"
	if bash "$here/two-majors.sh" "$(cat "$log/$second/entry")/bin/pg_config" \
		/usr/lib/postgresql/15/bin/pg_config "$log/two-majors" >"$log/two-majors/run.log" 2>&1; then
		two_majors=passed
	else
		two_majors=failed
		tail -20 "$log/two-majors/run.log"
	fi
	two_majors_why="$second, then 15, in one checkout without make clean (matrix_log/two-majors/)"
	matrix_say "two majors in one checkout: $two_majors"
else
	matrix_say "two majors in one checkout: skipped ($two_majors_why)"
fi

# The packages of every major, the run's artifacts, in one folder.
for m in "${majors[@]}"; do
	for deb in "$log/$m"/debs/*.deb; do
		[[ -e $deb ]] || continue
		mkdir -p "$log/debs"
		cp "$deb" "$log/debs/"
	done
done

# The summary: one row per major.
field()
{
	sed -n "s/^$2=//p" "$log/$1/results" 2>/dev/null | tail -1 || true
}
# cell MAJOR STEP: "7 passed", "FAIL" for the step that failed, "-" for one
# that did not run (the package: passed when the suite that tested it did).
cell()
{
	local v
	v=$(field "$1" "$2")
	if [[ $(field "$1" failed) == "$2" ]]; then
		echo FAIL
	elif [[ -n $v && $2 == deb && -n $(field "$1" failed) ]]; then
		echo "$v installed"
	elif [[ -n $v && $2 == build ]]; then
		echo "no warning"
	elif [[ -n $v ]]; then
		echo "$v passed"
	elif [[ $(field "$1" failed) == server && $2 == regress ]]; then
		echo "FAIL (server)"
	else
		echo -
	fi
}
setup()
{
	local m=$1 s
	case ${origin[$m]} in
	host) echo "host (Debian 12)" ;;
	*)
		s=$(cat "$log/$m/provision.seconds" 2>/dev/null || echo 0)
		if [[ $(cat "$log/$m/provision.rc" 2>/dev/null) != 0 ]]; then
			echo "${origin[$m]}: FAIL"
		elif grep -q '(cached)' "$log/$m/provision.log"; then
			echo "${origin[$m]}, cached"
		else
			awk -v s="$s" -v o="${origin[$m]}" 'BEGIN { printf "%s, made in %.1f min", o, s / 60 }'
		fi
		;;
	esac
}
{
	echo "| major | server | build | regress | isolation | TAP | 15 dump restored | pg_upgrade | package | minutes | server from |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	for m in $(printf '%s\n' "${majors[@]}" | sort -n); do
		if [[ ${status[$m]} == skipped ]]; then
			echo "| $m | - | - | - | - | - | - | - | - | - | skipped: no ../shared/vendor |"
			continue
		fi
		echo "| $m | $(field "$m" version || true) | $(cell "$m" build) | $(cell "$m" regress) |" \
			"$(cell "$m" isolation) | $(cell "$m" tap) | $(cell "$m" dump) | $(cell "$m" upgrade) |" \
			"$(cell "$m" deb) | ${minutes[$m]:--} | $(setup "$m") |"
	done
	printf '\nOne checkout built for two majors: %s: %s\n' "$two_majors" "$two_majors_why"
	if [[ -n $(ls "$log/debs" 2>/dev/null) ]]; then
		printf '\nPackages built, installed and tested (matrix_log/debs/): %s\n' "$(cd "$log/debs" && echo *.deb)"
	fi
} >"$log/summary.md"
n_passed=0 n_failed=0 n_skipped=0
for m in "${majors[@]}"; do
	case ${status[$m]} in
	passed) n_passed=$((n_passed + 1)) ;;
	failed) n_failed=$((n_failed + 1)) ;;
	skipped) n_skipped=$((n_skipped + 1)) ;;
	esac
done
printf '\n'
cat "$log/summary.md"
printf '\nmatrix: %s in %.1f min\n' "${majors[*]}" "$(awk -v s=$((SECONDS - t0)) 'BEGIN { print s / 60 }')"
for m in "${majors[@]}"; do
	[[ ${status[$m]} == failed ]] && echo "matrix: PostgreSQL $m failed (logs: matrix_log/$m/)"
done
[[ $two_majors != failed ]] || echo "matrix: one checkout built for two majors failed (logs: matrix_log/two-majors/)"
echo "matrix: $n_passed passed, $n_failed failed, $n_skipped skipped"
[[ $n_failed -eq 0 && $two_majors != failed ]]
