# test/matrix/lib.sh: what the version matrix scripts share (sourced, never
# run): where each PostgreSQL major comes from, the cache directory and its
# entries (key, lock, completeness stamp), messages and failures.
#
# Where each major comes from (no download but Debian's package archive, at
# the mirror this machine's apt uses: matrix_debian_mirror):
#   13  Debian bullseye's postgresql-13 in a chroot
#   14  ../shared/vendor/postgresql-14beta2.tar.xz, built on the host
#   15  the host (Debian 12), as tools/run-all.sh's own steps use it
#   16  ../shared/vendor/postgresql-16beta2.tar.xz, built on the host
#   17  Debian trixie's postgresql-17 in a chroot
#   18  Debian sid's postgresql-18 in a chroot
#   19  Debian experimental's postgresql-19 in a sid chroot with experimental
#       added and pinned for the postgresql-19 source's packages only
# (the chroots: test/matrix/chroot-make.sh)
#
# Cache entries live in $UUID_SEQ_MATRIX_CACHE (default
# /var/cache/uuid_seq-matrix), outside the work tree, named after a hash of
# everything that went into them: a chroot after its suite (and for 19 the
# added suite and its pin), mirror, package list and the script that makes
# it; a source build after the archive's checksum, the configure flags and
# the script that builds it.  An entry is
# complete once its stamp file exists; one being made is held under an
# exclusive lock, one in use under a shared lock.

matrix_all_majors=(13 14 15 16 17 18 19)
matrix_cache=${UUID_SEQ_MATRIX_CACHE:-/var/cache/uuid_seq-matrix}
matrix_stamp=.uuid_seq-matrix-complete

# matrix_apt_mirrors CODENAME FILE...: the URIs of the Debian archive that
# the apt source files FILE... name, in order, one a line: those of "deb"
# entries (one-line .list format or deb822 .sources stanzas, "Enabled: no"
# skipped) with a suite of Debian's own (CODENAME, one of the release
# names, stable/testing/unstable/...: not -security, -updates or a third
# party's suite) and a component "main", over http, https or file.
matrix_apt_mirrors()
{
	local codename=$1
	shift
	awk -v codename="$codename" '
		function debian_suite(s) {
			return s == codename || s ~ /^(bullseye|bookworm|trixie|forky|duke|sid|oldoldstable|oldstable|stable|testing|unstable|experimental)$/
		}
		function consider(types, uris, suites, comps,   nt, t, ns, su, nc, co, nu, ur, i, j, ok) {
			nt = split(types, t, /[ \t]+/); ok = 0
			for (i = 1; i <= nt; i++) if (t[i] == "deb") ok = 1
			if (!ok) return
			nc = split(comps, co, /[ \t]+/); ok = 0
			for (i = 1; i <= nc; i++) if (co[i] == "main") ok = 1
			if (!ok) return
			ns = split(suites, su, /[ \t]+/); ok = 0
			for (i = 1; i <= ns; i++) if (debian_suite(su[i])) ok = 1
			if (!ok) return
			nu = split(uris, ur, /[ \t]+/)
			for (i = 1; i <= nu; i++) if (ur[i] ~ /^(https?|file):/) print ur[i]
		}
		function flush() {
			if (enabled !~ /^(no|false|off)$/) consider(f["types"], f["uris"], f["suites"], f["components"])
			delete f; enabled = ""; field = ""
		}
		FNR == 1 { if (deb822) flush(); deb822 = FILENAME ~ /\.sources$/ }
		deb822 {
			if ($0 ~ /^[ \t]*$/) { flush(); next }
			if ($0 ~ /^#/) next
			if ($0 ~ /^[ \t]/) { if (field != "") f[field] = f[field] " " $0; next }
			field = tolower($0); sub(/:.*/, "", field)
			value = $0; sub(/^[^:]*:[ \t]*/, "", value)
			if (field == "enabled") enabled = tolower(value)
			else f[field] = value
			next
		}
		{
			line = $0; sub(/#.*/, "", line)
			gsub(/\[[^]]*\]/, "", line)
			n = split(line, w, /[ \t]+/)
			k = 0; for (i = 1; i <= n; i++) if (w[i] != "") x[++k] = w[i]
			if (k < 4) next
			comps = x[4]; for (i = 5; i <= k; i++) comps = comps " " x[i]
			consider(x[1], x[2], x[3], comps)
		}
		END { if (deb822) flush() }
	' "$@"
}

# matrix_debian_mirror: the Debian mirror the chroots are made from, without
# a trailing slash (so one mirror gives one cache key however it is
# written): $UUID_SEQ_DEBIAN_MIRROR when set, else the first Debian archive
# in this machine's apt sources (/etc/apt/sources.list, then
# /etc/apt/sources.list.d/*.list and *.sources in apt's order), else
# http://deb.debian.org/debian.
matrix_debian_mirror()
{
	local mirror=${UUID_SEQ_DEBIAN_MIRROR:-} codename='' files=() f
	if [[ -z $mirror ]]; then
		[[ ! -r /etc/os-release ]] || codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
		[[ ! -r /etc/apt/sources.list ]] || files+=(/etc/apt/sources.list)
		for f in /etc/apt/sources.list.d/*; do
			if [[ -r $f && ( $f == *.list || $f == *.sources ) ]]; then
				files+=("$f")
			fi
		done
		if ((${#files[@]})); then
			mirror=$(matrix_apt_mirrors "$codename" "${files[@]}" | sed -n 1p) || mirror=
		fi
	fi
	mirror=${mirror:-http://deb.debian.org/debian}
	printf '%s\n' "${mirror%/}"
}

matrix_mirror=$(matrix_debian_mirror)

# matrix_origin MAJOR: how MAJOR is provided: chroot, source or host.
matrix_origin()
{
	case $1 in
	13 | 17 | 18 | 19) echo chroot ;;
	14 | 16) echo source ;;
	15) echo host ;;
	*) return 1 ;;
	esac
}

# matrix_suite MAJOR: the Debian suite whose chroot provides MAJOR.
matrix_suite()
{
	case $1 in
	13) echo bullseye ;;
	17) echo trixie ;;
	18 | 19) echo sid ;;
	*) return 1 ;;
	esac
}

# matrix_extra_suite MAJOR: the suite added to MAJOR's chroot and pinned for
# what the postgresql-MAJOR source builds, for a major Debian has in
# experimental only.
matrix_extra_suite()
{
	case $1 in
	19) echo experimental ;;
	*) return 1 ;;
	esac
}

# matrix_upgrade_from MAJOR: the older major that test/matrix/pg-upgrade.sh
# upgrades to MAJOR in MAJOR's chroot (whose package list has it), if any.
matrix_upgrade_from()
{
	case $1 in
	19) echo 18 ;;
	*) return 1 ;;
	esac
}

# matrix_archive MAJOR: the vendored source archive of MAJOR.
matrix_archive()
{
	case $1 in
	14) echo postgresql-14beta2.tar.xz ;;
	16) echo postgresql-16beta2.tar.xz ;;
	*) return 1 ;;
	esac
}

matrix_say()
{
	printf 'matrix: %s\n' "$*"
}

# matrix_fail MAJOR STEP MESSAGE: the one line that names what failed, then
# exit 1.
matrix_fail()
{
	printf 'matrix: PostgreSQL %s: %s failed: %s\n' "$1" "$2" "$3" >&2
	exit 1
}

# matrix_preload_conf DATADIR SOCKETDIR: the settings of a throwaway server
# (test/matrix/suite.sh, two-majors.sh): uuid_seq preloaded, on a Unix socket
# in SOCKETDIR only, port 5432, no fsync.
matrix_preload_conf()
{
	cat >>"$1/postgresql.conf" <<-EOF
		shared_preload_libraries = 'uuid_seq'
		listen_addresses = ''
		unix_socket_directories = '$2'
		port = 5432
		fsync = off
	EOF
}

# matrix_hash < TEXT: a short content hash for cache keys.
matrix_hash()
{
	sha256sum | cut -c1-16
}

# matrix_in_private_ns SCRIPT ARGS...: re-executes SCRIPT in its own mount
# namespace, unless it already runs in one: every mount it makes disappears
# with its last process, whatever happens to it, and the host never sees them.
# Call as the first thing in a script that mounts: matrix_in_private_ns "$0" "$@"
matrix_in_private_ns()
{
	if [[ -z ${UUID_SEQ_MATRIX_NS:-} ]]; then
		UUID_SEQ_MATRIX_NS=$$ exec unshare --mount --propagation private bash "$@"
	fi
}

# matrix_no_mounts_under DIR: fails when anything is mounted below DIR in
# this namespace (checked before a cache entry is removed).
matrix_no_mounts_under()
{
	local dir
	dir=$(realpath -m "$1")
	! awk -v d="$dir/" 'index($5 "/", d) == 1 { found = 1 } END { exit !found }' \
		/proc/self/mountinfo
}

# matrix_lock FILE MODE: opens FILE and takes a lock on it (MODE -x or -s),
# which the calling shell holds until it exits.  FILE's time is that of the
# entry's last use (matrix_remove_outdated).
matrix_lock()
{
	local fd
	exec {fd}>>"$1"
	flock "$2" "$fd"
	touch -c "$1"
}

# matrix_entry_complete ENTRY KEY_TEXT: makes ENTRY readable to all, records
# its key and stamps it complete.
matrix_entry_complete()
{
	chmod -R a+rX "$1"
	printf '%s\n' "$2" >"$1/.uuid_seq-matrix-key"
	touch "$1/$matrix_stamp"
}

# matrix_install_entry ENTRY DIR...: copies ENTRY/root/DIR into each DIR (a
# build installed with make install DESTDIR=ENTRY/root), under a shared lock
# on ENTRY, which the calling shell keeps, so that no run removes or rebuilds
# it meanwhile.  Fails when ENTRY is incomplete, lacks one of the DIRs or a
# copy fails.
matrix_install_entry()
{
	local entry=$1 dir
	shift
	matrix_lock "$entry.lock" -s
	[[ -e $entry/$matrix_stamp ]] || return 1
	for dir; do
		cp -R --preserve=mode,timestamps "$entry/root$dir/." "$dir/" || return 1
	done
}

# matrix_remove_outdated ENTRY: removes the other entries named like ENTRY
# but for the key after its last '-' (older chroots or builds of the same
# thing) that no run holds, no run used for a day (two branches whose keys
# differ, tested on one machine, would otherwise remove each other's) and
# nothing is mounted under.
matrix_remove_outdated()
{
	local entry=$1 old
	for old in "${entry%-*}"-*; do
		[[ $old == "$entry" || $old == *.lock || $old == *.build ]] && continue
		[[ -n $(find "$old.lock" -mmin -1440 2>/dev/null) ]] && continue
		(
			exec {fd}>>"$old.lock"
			flock -n -x "$fd" || exit 0
			matrix_no_mounts_under "$old" || exit 0
			rm -rf "$old" "$old.lock"
			matrix_say "removed the outdated $old"
		)
	done
}
