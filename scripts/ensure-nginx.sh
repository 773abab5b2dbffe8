#!/usr/bin/env bash
# The cluster suite puts Debian's nginx in front of three servers; install it when it is missing.
set -euo pipefail
if [ ! -x /usr/sbin/nginx ]; then
  apt-get update -qq
  apt-get install -y -qq nginx >/dev/null
fi
