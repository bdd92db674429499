#!/usr/bin/env bash
# Sizes the machine's PostgreSQL for the benchmarks at a million parts, as a production server
# would be sized (run as root, once per machine; docs/decisions/0013):
#  - shared_buffers 4GB, so the ~2.5 GB database is served from the buffer pool, not the disk;
#  - the pool in 2 MB huge pages. In 4 kB pages every backend faults in each page of the pool it
#    touches for the first time, and on a VM without hardware-assisted paging a fault is dear:
#    the 200-number search cost 37 ms of PostgreSQL CPU instead of 15.
# Then it restarts PostgreSQL and says what it got. Usage: bash tools/bench/setup-postgres.sh [4GB]
set -euo pipefail

BUFFERS="${1:-4GB}"
PSQL=(psql -h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}" -d postgres -Atq)

"${PSQL[@]}" -c "ALTER SYSTEM SET shared_buffers = '$BUFFERS'"
"${PSQL[@]}" -c "ALTER SYSTEM SET huge_pages = 'try'"

# The pool plus an eighth for PostgreSQL's other shared memory, in pages of Hugepagesize.
buffer_bytes=$("${PSQL[@]}" -c "select pg_size_bytes('$BUFFERS')")
page_kb=$(awk '/^Hugepagesize:/ {print $2}' /proc/meminfo)
pages=$(((buffer_bytes + buffer_bytes / 8) / (page_kb * 1024) + 1))
sysctl -q -w vm.nr_hugepages="$pages"
echo "vm.nr_hugepages = $(sysctl -n vm.nr_hugepages) (asked for $pages of $page_kb kB)"

if command -v pg_ctlcluster >/dev/null && command -v pg_lsclusters >/dev/null; then
  read -r version cluster _ < <(pg_lsclusters --no-header | head -1)
  pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" restart
else
  echo "restart PostgreSQL now for shared_buffers and huge pages to take effect" >&2
  exit 0
fi

for _ in $(seq 1 30); do "${PSQL[@]}" -c 'select 1' >/dev/null 2>&1 && break || sleep 1; done
echo "shared_buffers = $("${PSQL[@]}" -c 'show shared_buffers')"
awk '/^HugePages_(Total|Free|Rsvd):/ {printf "%s %s  ", $1, $2} END {print ""}' /proc/meminfo
