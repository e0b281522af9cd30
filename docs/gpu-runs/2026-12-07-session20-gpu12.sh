#!/usr/bin/env bash
# Session 20's twelfth GPU job: the SASS of the D64 example and of its
# persistent form (bundles/variants/snake64), to see which wgmma descriptor
# values ptxas computes off the uniform datapath in the persistent one.
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/out}
cuobjdump -sass bundles/attention_fwd_d64/attention_fwd_d64.cubin | gzip > $out/main64.sass.gz
cuobjdump -sass bundles/variants/snake64/snake64.cubin | gzip > $out/snake64.sass.gz
ls -la $out
