"""@block.autotune: Triton's autotuner for @block.jit kernels.

Each new value of the `key` arguments (and of the tensors' dtypes) times
every Config on the caller's buffers with CUDA events and keeps the fastest;
the winner is written to $BLOCK_CACHE_DIR/autotune and reused by later
processes, so that a tuned kernel tunes once per machine. In interpreter
mode nothing is timed: the first Config runs."""

from __future__ import annotations

import builtins
import hashlib
import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import _compile
from ._errors import BlockError, CompileError
from ._jit import JITFunction

#: Set to 1 to print each tuning's timings on stderr.
PRINT_ENV = "BLOCK_PRINT_AUTOTUNING"


class Config:
    """One configuration to try: constexpr values (`kwargs`) and launch
    options."""

    def __init__(self, kwargs: Dict[str, Any], num_warps: int = 4,
                 num_stages: Optional[int] = None, num_ctas: int = 1,
                 maxnreg: Optional[int] = None, pre_hook: Optional[Callable] = None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self) -> Dict[str, Any]:
        options = {"num_warps": self.num_warps}
        if self.num_stages is not None:
            options["num_stages"] = self.num_stages
        return {**self.kwargs, **options}

    def describe(self) -> Dict[str, Any]:
        return {**self.kwargs, "num_warps": self.num_warps, "num_stages": self.num_stages}

    def __repr__(self):
        return "Config(" + ", ".join(f"{k}: {v}" for k, v in self.describe().items()) + ")"


def autotune(configs: Sequence[Config], key: Sequence[str], prune_configs_by=None,
             reset_to_zero: Sequence[str] = (), restore_value: Sequence[str] = (),
             pre_hook=None, post_hook=None, warmup: int = 25, rep: int = 100,
             do_bench=None, cache_results: bool = True, use_cuda_graph: bool = False):
    """Decorates a @block.jit kernel (below @block.autotune) to launch it with
    the fastest of `configs` for each value of the `key` arguments."""
    def decorate(fn):
        if not isinstance(fn, JITFunction):
            raise BlockError("@block.autotune goes above @block.jit")
        return Autotuner(fn, list(configs), list(key), prune_configs_by,
                         list(reset_to_zero or ()), list(restore_value or ()), pre_hook,
                         post_hook, warmup, rep, do_bench, cache_results)
    return decorate


class Autotuner:
    def __init__(self, fn: JITFunction, configs, key, prune_configs_by, reset_to_zero,
                 restore_value, pre_hook, post_hook, warmup, rep, do_bench, cache_results):
        if not configs:
            configs = [Config({})]
        unknown = [k for k in key + reset_to_zero + restore_value if k not in fn.arg_names]
        if unknown:
            raise BlockError(f"@block.autotune of '{fn.__name__}': no parameter "
                             f"{', '.join(unknown)}")
        self.fn, self.configs, self.key = fn, configs, key
        self.prune_configs_by = prune_configs_by or {}
        self.reset_to_zero, self.restore_value = reset_to_zero, restore_value
        self.pre_hook, self.post_hook = pre_hook, post_hook
        self.warmup, self.rep, self.do_bench = warmup, rep, do_bench
        self.cache_results = cache_results
        self.cache: Dict[tuple, Config] = {}
        self.timings: Dict[tuple, Dict[str, float]] = {}
        self.best_config: Optional[Config] = None
        self.__name__ = fn.__name__
        self.arg_names = fn.arg_names

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def _values(self, args, kwargs) -> Dict[str, Any]:
        values = dict(zip(self.arg_names, args))
        values.update({k: v for k, v in kwargs.items() if k in self.fn._arg_positions})
        return values

    def _key(self, values) -> tuple:
        parts = []
        for k in self.key:
            v = values.get(k)
            parts.append(v if isinstance(v, (int, float, str, bool, type(None)))
                         else str(getattr(v, "dtype", type(v).__name__)))
        for name in self.arg_names:
            dtype = getattr(values.get(name), "dtype", None)
            if dtype is not None:
                parts.append(str(dtype))
        return tuple(parts)

    def run(self, *args, grid, **kwargs):
        values = self._values(args, kwargs)
        key = self._key(values)
        config = self.cache.get(key)
        if config is None:
            config = self._load(key) if self.cache_results else None
            if config is None:
                config = self._tune(key, args, kwargs, grid)
            self.cache[key] = config
        self.best_config = config
        if config.pre_hook is not None:
            config.pre_hook({**values, **config.all_kwargs()})
        return self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())

    def prune(self, args, kwargs) -> List[Config]:
        """Triton's early_config_prune(configs, named_args, **kwargs): the
        positional arguments by name, the keywords as keywords."""
        configs = self.configs
        early = self.prune_configs_by.get("early_config_prune")
        if early is not None:
            named = dict(zip(self.arg_names, args))
            configs = list(early(configs, named, **kwargs)) or configs
        return configs

    def _tune(self, key, args, kwargs, grid) -> Config:
        values = self._values(args, kwargs)
        configs = self.prune(args, kwargs)
        if len(configs) == 1 or self.fn._interpreting():
            return configs[0]
        timings = {}
        for config in configs:
            timings[id(config)] = self._bench(config, args, kwargs, grid, values)
        best = builtins.min(configs, key=lambda c: timings[id(c)])
        if timings[id(best)] == float("inf"):
            raise BlockError(f"autotuning '{self.__name__}': no config compiled or ran "
                             f"(last reasons above)")
        self.timings[key] = {repr(c): timings[id(c)] for c in configs}
        if os.environ.get(PRINT_ENV):
            for c in configs:
                print(f"autotune {self.__name__} {key}: {c} {timings[id(c)]:.4f} ms",
                      file=sys.stderr)
            print(f"autotune {self.__name__} {key}: best {best}", file=sys.stderr)
        if self.cache_results:
            self._store(key, best)
        return best

    def _bench(self, config, args, kwargs, grid, values) -> float:
        saved = {n: values[n].clone() for n in self.restore_value}

        def call():
            for n in self.reset_to_zero:
                values[n].zero_()
            if config.pre_hook is not None:
                config.pre_hook({**values, **config.all_kwargs()})
            self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())
        try:
            if self.do_bench is not None:
                ms = self.do_bench(call)
            else:
                ms = do_bench(call, warmup=self.warmup, rep=self.rep)
        except (CompileError, BlockError) as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            print(f"autotune {self.__name__}: {config} skipped: {first}", file=sys.stderr)
            ms = float("inf")
        for n, v in saved.items():
            values[n].copy_(v)
        return ms

    # -- winners on disk ---------------------------------------------------

    def _path(self, key) -> str:
        digest = hashlib.sha256(json.dumps(
            [self.fn.raw_source, self.fn.filename, [c.describe() for c in self.configs],
             [repr(k) for k in key]], default=repr).encode()).hexdigest()
        return os.path.join(_compile.cache_dir(), "autotune", f"{self.__name__}-{digest[:32]}.json")

    def _load(self, key) -> Optional[Config]:
        try:
            with open(self._path(key), encoding="utf-8") as f:
                index = json.load(f)["config"]
            return self.configs[index]
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            return None

    def _store(self, key, config: Config) -> None:
        path = self._path(key)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump({"kernel": self.__name__, "key": [repr(k) for k in key],
                           "config": self.configs.index(config),
                           "described": config.describe()}, f)
            os.replace(tmp, path)
        except OSError as e:
            print(f"autotune {self.__name__}: the winner is not kept on disk ({e})",
                  file=sys.stderr)

    # -- ahead of time -------------------------------------------------------

    def config_for(self, **key_values) -> Config:
        """The winner recorded for these key values (as a launch would see
        them, dtypes of tensors included via `_dtypes`), else the first
        config."""
        dtypes = key_values.pop("_dtypes", ())
        key = tuple(key_values.get(k) for k in self.key) + tuple(dtypes)
        return self.cache.get(key) or self._load(key) or self.configs[0]

    def emit(self, signature=None, config: Optional[Config] = None, **kwargs) -> str:
        """The kernel's text with `config` (default: the first) applied."""
        config = config or self.configs[0]
        return self.fn.emit(signature, **{**config.all_kwargs(), **kwargs})

    def compile(self, signature=None, config: Optional[Config] = None, chip=None, **kwargs):
        config = config or self.configs[0]
        return self.fn.compile(signature, chip=chip, **{**config.all_kwargs(), **kwargs})


def do_bench(fn: Callable[[], Any], warmup: int = 25, rep: int = 100) -> float:
    """The median time of `fn` in milliseconds, with CUDA events, after about
    `warmup` ms of warm-up runs, over about `rep` ms of runs (Triton's
    do_bench; the L2 cache is flushed before each timed run)."""
    import torch
    fn()
    torch.cuda.synchronize()
    flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in builtins.range(5):
        fn()
    end.record()
    torch.cuda.synchronize()
    estimate = builtins.max(start.elapsed_time(end) / 5, 1e-3)
    n_warmup = builtins.max(1, int(warmup / estimate))
    n_repeat = builtins.max(1, builtins.min(1000, int(rep / estimate)))
    for _ in builtins.range(n_warmup):
        fn()
    times = []
    for _ in builtins.range(n_repeat):
        flush.zero_()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        times.append((s, e))
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) for s, e in times)
    return ms[len(ms) // 2]
