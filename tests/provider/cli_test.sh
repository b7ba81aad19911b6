#!/bin/sh
# The provider through the openssl command: dgst against `axiom sum` and gost12sum, HMAC against
# `axiom mac`, enc against `axiom cipher`, the GOST provider and the GOST engine byte for byte,
# the Kuznyechik and Magma MACs and OMAC-ACPKM against the GOST provider, `openssl list`, and the provider loaded from an
# openssl.cnf, by `openssl` and by a program that only fetches.
# Usage: cli_test.sh PROVIDER_DIR AXIOM_CLI CONFIG_FETCH WORKDIR
set -eu
prov_dir=$1 axiom=$2 config_fetch=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
ours="-provider-path $prov_dir -provider axiom -provider default"
modules=$(openssl version -m | sed 's/^MODULESDIR: "\(.*\)"$/\1/')
gost="-provider-path $modules -provider gostprov -provider default"
have_gost=yes
openssl list $gost -providers >/dev/null 2>&1 || have_gost=no
[ "$have_gost" = yes ] ||
  echo "SKIP: the GOST provider and engine (libengine-gost-openssl) are not installed: no comparison with them"
have_gostsum=yes
command -v gost12sum >/dev/null || { have_gostsum=no; echo "SKIP: gost12sum (gostsum) not installed"; }

# Inputs: the lengths around the block sizes and Magma's 1024-byte ACPKM sections, 1100, 1 MiB.
for n in 0 1 7 8 9 15 16 17 31 32 33 63 64 65 100 1023 1024 1025 1100 1048576; do
  head -c $n /dev/urandom > "$work/m$n"
done

# openssl dgst == axiom sum == gost12sum
for n in 0 1 63 64 65 1100 1048576; do
  f="$work/m$n"
  for bits in 256 512; do
    o=$(openssl dgst $ours -md_gost12_$bits -r "$f" | cut -d' ' -f1)
    a=$("$axiom" sum -a streebog$bits "$f" | cut -d' ' -f1)
    [ "$o" = "$a" ] || fail "dgst md_gost12_$bits of $n bytes: openssl $o, axiom sum $a"
    if [ $have_gostsum = yes ]; then
      if [ $bits = 256 ]; then g=$(gost12sum "$f" | cut -d' ' -f1); else g=$(gost12sum -l "$f" | cut -d' ' -f1); fi
      [ "$o" = "$g" ] || fail "dgst md_gost12_$bits of $n bytes: openssl $o, gost12sum $g"
    fi
  done
done
echo "dgst: md_gost12_256/512 agree with axiom sum and gost12sum"

# openssl mac HMAC -digest md_gost12_* == axiom mac
hkey=$(head -c 40 /dev/urandom | od -An -tx1 | tr -d ' \n')
for n in 0 65 1048576; do
  for bits in 256 512; do
    o=$(openssl mac $ours -digest md_gost12_$bits -macopt hexkey:$hkey -in "$work/m$n" HMAC | tr 'A-F' 'a-f')
    a=$("$axiom" mac -a hmac-streebog$bits -K $hkey "$work/m$n" | cut -d' ' -f1)
    [ "$o" = "$a" ] || fail "HMAC md_gost12_$bits of $n bytes: openssl mac $o, axiom mac $a"
  done
done
echo "mac: OpenSSL's HMAC over md_gost12_256/512 agrees with axiom mac"

# openssl enc == axiom cipher == gostprov == engine, both ways
key=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
iv16=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
iv8=$(echo "$iv16" | cut -c1-16)
for mode in ecb cbc cfb ofb ctr ctr-acpkm; do
  case $mode in ecb) iv="" ;; ctr*) iv="-iv $iv8" ;; *) iv="-iv $iv16" ;; esac
  for n in 0 1 15 16 17 31 32 33 63 64 65 100 1100 1048576; do
    f="$work/m$n" c="$work/c"
    openssl enc $ours -kuznyechik-$mode -K $key $iv -in "$f" -out "$c.ours"
    "$axiom" cipher -a kuznyechik-$mode -e -K $key ${iv:+--iv} ${iv#-iv } "$f" "$c.axiom"
    cmp -s "$c.ours" "$c.axiom" || fail "kuznyechik-$mode, $n bytes: openssl enc -provider axiom != axiom cipher"
    openssl enc $ours -d -kuznyechik-$mode -K $key $iv -in "$c.ours" -out "$c.back"
    cmp -s "$c.back" "$f" || fail "kuznyechik-$mode, $n bytes: decryption"
    if [ $have_gost = yes ]; then
      openssl enc $gost -kuznyechik-$mode -K $key $iv -in "$f" -out "$c.gostprov"
      cmp -s "$c.ours" "$c.gostprov" || fail "kuznyechik-$mode, $n bytes: != gostprov"
      openssl enc -engine gost -kuznyechik-$mode -K $key $iv -in "$f" -out "$c.engine" 2>/dev/null
      cmp -s "$c.ours" "$c.engine" || fail "kuznyechik-$mode, $n bytes: != the GOST engine"
    fi
  done
done
echo "enc: kuznyechik-{ecb,cbc,cfb,ofb,ctr,ctr-acpkm} agree with axiom cipher (and gostprov, engine: $have_gost)"

# Magma: openssl enc == gostprov == engine where they have the mode (cbc, ctr, ctr-acpkm;
# neither has magma-ecb, -cfb, -ofb: those only both ways here, the EVP test checks them).
for mode in ecb cbc cfb ofb ctr ctr-acpkm; do
  case $mode in ecb) iv="" ;; ctr*) iv="-iv $(echo "$iv8" | cut -c1-8)" ;; *) iv="-iv $iv8" ;; esac
  for n in 0 1 7 8 9 15 16 17 63 64 65 1023 1024 1025 1100 1048576; do
    f="$work/m$n" c="$work/c"
    openssl enc $ours -magma-$mode -K $key $iv -in "$f" -out "$c.ours"
    openssl enc $ours -d -magma-$mode -K $key $iv -in "$c.ours" -out "$c.back"
    cmp -s "$c.back" "$f" || fail "magma-$mode, $n bytes: decryption"
    case $mode in ecb | cfb | ofb) continue ;; esac
    if [ $have_gost = yes ]; then
      openssl enc $gost -magma-$mode -K $key $iv -in "$f" -out "$c.gostprov"
      cmp -s "$c.ours" "$c.gostprov" || fail "magma-$mode, $n bytes: != gostprov"
      openssl enc -engine gost -magma-$mode -K $key $iv -in "$f" -out "$c.engine" 2>/dev/null
      cmp -s "$c.ours" "$c.engine" || fail "magma-$mode, $n bytes: != the GOST engine"
    fi
  done
done
echo "enc: magma-{ecb,cbc,cfb,ofb,ctr,ctr-acpkm} both ways; cbc, ctr, ctr-acpkm agree with gostprov and the engine: $have_gost"

# openssl mac kuznyechik-mac, magma-mac, kuznyechik-ctr-acpkm-omac == gostprov's
if [ $have_gost = yes ]; then
  for mac in kuznyechik-mac magma-mac kuznyechik-ctr-acpkm-omac; do
    for n in 0 1 7 8 9 15 16 17 100 1100 1048576; do
      o=$(openssl mac $ours -macopt hexkey:$key -in "$work/m$n" $mac)
      g=$(openssl mac $gost -macopt hexkey:$key -in "$work/m$n" $mac)
      [ "$o" = "$g" ] || fail "$mac of $n bytes: $o, gostprov $g"
    done
  done
  echo "mac: kuznyechik-mac, magma-mac, kuznyechik-ctr-acpkm-omac agree with gostprov"
fi

# openssl list
list=$(openssl list -provider-path "$prov_dir" -provider axiom -providers)
echo "$list" | grep -q "^  axiom$" || fail "list -providers: $list"
ciphers=$(openssl list -provider-path "$prov_dir" -provider axiom -cipher-algorithms)
for name in kuznyechik-ecb kuznyechik-cbc kuznyechik-cfb kuznyechik-ofb kuznyechik-ctr kuznyechik-ctr-acpkm \
            kuznyechik-mgm magma-mgm magma-ecb magma-cbc magma-cfb magma-ofb magma-ctr magma-ctr-acpkm \
            kuznyechik-ctr-acpkm-omac magma-ctr-acpkm-omac SM4-GCM SM4-CCM SM4-XTS SM4-CTR; do
  echo "$ciphers" | grep -q "[ ,]$name[ ,}].*@ axiom" || fail "list -cipher-algorithms has no $name"
done
openssl list -provider-path "$prov_dir" -provider axiom -digest-algorithms | grep -q "md_gost12_512.*@ axiom" ||
  fail "list -digest-algorithms"
macs=$(openssl list -provider-path "$prov_dir" -provider axiom -mac-algorithms)
for name in kuznyechik-mac magma-mac kuznyechik-ctr-acpkm-omac magma-ctr-acpkm-omac; do
  echo "$macs" | grep -q "[ ,]$name[ ,}].*@ axiom" || fail "list -mac-algorithms has no $name"
done
echo "list: the provider and its algorithms are listed"

# openssl.cnf, as a user would write it
cat > "$work/openssl.cnf" <<CNF
openssl_conf = openssl_init

[openssl_init]
providers = provider_sect

[provider_sect]
default = default_sect
axiom = axiom_sect

[default_sect]
activate = 1

[axiom_sect]
module = $prov_dir/axiom.so
activate = 1
CNF
want=$("$axiom" sum -a streebog256 "$work/m100" | cut -d' ' -f1)
got=$(OPENSSL_CONF="$work/openssl.cnf" openssl dgst -md_gost12_256 -r "$work/m100" | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "openssl.cnf: openssl dgst gave $got"
printf abc > "$work/abc"
want="axiom $("$axiom" sum -a streebog256 "$work/abc" | cut -d' ' -f1)"
got=$(OPENSSL_CONF="$work/openssl.cnf" "$config_fetch" abc)
[ "$got" = "$want" ] || fail "openssl.cnf: config_fetch gave '$got', want '$want'"
got=$(OPENSSL_CONF=/dev/null "$config_fetch" abc 2>&1) && fail "without the config, config_fetch found: $got"
echo "openssl.cnf: openssl dgst and EVP_MD_fetch(NULL, \"md_gost12_256\", NULL) use the provider"
rm -rf "$work"
