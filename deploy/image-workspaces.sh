#!/bin/sh
# Trims an image's root (the current directory, the Dockerfile's WORKDIR) to the packages it runs: given the built libraries (<built-libs>) and the one
# workspace the image is for (<app>, already holding its dist), keeps each library npm linked into
# node_modules/@sb with its package.json and dist, and drops every other workspace's manifest.
# Used by deploy/*/Dockerfile after `npm install --workspace <app>`.
set -eu
built=$1
app=$2
keep=" $app "
for link in node_modules/@sb/*; do
  [ -L "$link" ] || continue
  target=$(readlink "$link")
  dir=${target#../../}
  case "$dir" in
    libs/*)
      cp -r "$built/${dir#libs/}/dist" "$dir/"
      keep="$keep$dir "
      ;;
    "$app") ;;
    *) rm "$link" ;;
  esac
done
for manifest in libs/*/package.json services/*/package.json gateway/package.json \
  web/package.json standalone/package.json bench/package.json cli/package.json; do
  [ -f "$manifest" ] || continue
  dir=$(dirname "$manifest")
  case "$keep" in
    *" $dir "*) ;;
    *) rm -r "$dir" ;;
  esac
done
