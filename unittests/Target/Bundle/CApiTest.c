/*===- CApiTest.c - block-compile's C API, compiled as C -----------------===*\
|* Usage: BlockCompileCApiTest <vector_add.mlir> <scratch directory>         *|
\*===----------------------------------------------------------------------===*/

#include "block/Target/Bundle/CApi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    ++failures;
  }
}

static void expectError(const char *what, const char *needle) {
  const char *message = blockCompileLastError();
  if (!strstr(message, needle)) {
    printf("FAIL: %s: expected an error containing \"%s\", got \"%s\"\n", what,
           needle, message);
    ++failures;
  }
}

/* The bytes of the file `path`, NUL-terminated; its size in `size`. */
static char *readFile(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  *size = (size_t)ftell(file);
  fseek(file, 0, SEEK_SET);
  char *bytes = malloc(*size + 1);
  if (bytes && fread(bytes, 1, *size, file) != *size) {
    free(bytes);
    bytes = NULL;
  }
  fclose(file);
  if (bytes)
    bytes[*size] = '\0';
  return bytes;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    printf(
        "usage: BlockCompileCApiTest <vector_add.mlir> <scratch directory>\n");
    return 2;
  }
  BlockCompileOptions options;
  blockCompileInitOptions(&options);
  expect(strcmp(options.chip, "sm_90a") == 0, "the default chip is sm_90a");
  expect(options.features == NULL, "no features by default");
  expect(options.numWarps == 4 && options.optLevel == 3 &&
             options.maxVariants == 4,
         "block-compile's default warps, opt level and variants");
  expect(options.cubin == BLOCK_COMPILE_CUBIN_WHERE_FOUND &&
             options.raiseOccupancy == 1,
         "a cubin where ptxas is found, occupancy raised");
  expect(strcmp(options.specialize, "auto") == 0, "specialize=auto");
  expect(strstr(blockCompileVersion(), "block-compile (Block) ") ==
             blockCompileVersion(),
         "the version names block-compile");

  size_t size = 0;
  char *source = readFile(argv[1], &size);
  expect(source != NULL, "the source is read");
  if (!source)
    return 1;
  char out[4096], manifest[4200], badManifest[4200];
  snprintf(out, sizeof out, "%s/bundle", argv[2]);
  snprintf(manifest, sizeof manifest, "%s/vector_add.json", out);
  snprintf(badManifest, sizeof badManifest, "%s/bad.json", out);

  expect(blockCompileBundle(NULL, 1, "x.mlir", "x", &options, out) != 0,
         "a NULL source is refused");
  expectError("a NULL source", "is NULL");
  options.cubin = 7;
  expect(blockCompileBundle(source, size, argv[1], "vector_add", &options,
                            out) != 0,
         "an unknown cubin mode is refused");
  expectError("an unknown cubin mode", "cubin is 7");
  options.cubin = BLOCK_COMPILE_CUBIN_NEVER;
  options.chip = "sm_42";
  expect(blockCompileBundle(source, size, argv[1], "vector_add", &options,
                            out) != 0,
         "an unknown chip is refused");
  expectError("an unknown chip",
              "block-compile: error: --chip='sm_42' is not a supported chip");
  options.chip = "sm_80";
  const char *bad = "func.func @f() attributes {block.kernel} { block.nope }";
  expect(blockCompileBundle(bad, strlen(bad), "bad.mlir", "bad", &options,
                            out) != 0,
         "a program that does not parse is refused");
  expectError("a program that does not parse",
              "bad.mlir:1:44: error: custom op 'block.nope' is unknown");
  FILE *written = fopen(badManifest, "r");
  expect(written == NULL, "nothing is written on failure");
  if (written)
    fclose(written);

  expect(blockCompileBundle(source, size, argv[1], "vector_add", &options,
                            out) == 0,
         "vector_add compiles");
  expect(strcmp(blockCompileLastError(), "") == 0, "no error after success");
  size_t jsonSize = 0;
  char *json = readFile(manifest, &jsonSize);
  expect(json && strstr(json, "\"chip\": \"sm_80\"") &&
             strstr(json, "\"name\": \"n\"") && !strstr(json, "cubin"),
         "the manifest names the chip and the arguments, and no cubin");
  free(json);
  free(source);
  if (failures)
    printf("%d failure(s)\n", failures);
  return failures != 0;
}
