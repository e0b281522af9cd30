# Block's version, in one place for the whole project and the runtime built
# alone (`cmake -S runtime`); every tool prints it with --version.
set(BLOCK_VERSION 0.1.0)
