#!/usr/bin/env bash
# The loop users write by hand: curl a page, jq it to CSV, jq out the cursor, repeat.
# One curl and two jq processes per page is the point: this is the baseline healthdata replaces.
#
#   bench/curl-jq.sh <base-url> <api-key> <out.csv> [page-size]
set -euo pipefail
base=$1 key=$2 out=$3 size=${4:-1000}
page=$(mktemp)
trap 'rm -f "$page"' EXIT
: >"$out"
cursor=''
for ((i = 0; i < 10000000; i++)); do
  url="$base/api/v1/metrics?limit=$size"
  [[ -n $cursor ]] && url+="&cursor=$cursor"
  curl -sSf -H "Authorization: Bearer $key" -o "$page" "$url"
  jq -r '.data[] | [.date,.provider,.metric,.numValue,.textValue,.unit,.stream] | @csv' "$page" >>"$out"
  # @uri URL-encodes the opaque cursor; "" marks the end (next_cursor null).
  cursor=$(jq -r '.next_cursor // "" | @uri' "$page")
  [[ -z $cursor ]] && break
done
