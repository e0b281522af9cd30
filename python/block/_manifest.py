"""A bundle's manifest (<module>.json, the format runtime/README.md gives),
read once into frozen dataclasses.

The package reads what it binds and packs arguments with: the kernels'
names, warps and shared memory, their parameters' names, kinds and element
types, and the files the bundle holds. Each of these is checked here, and a
manifest that fails raises ManifestError naming the file and the field, in
the runtime's words. The other rules (the target, the assumptions, variants
and tensor maps, the limits) are the runtime's alone, checked when the code
loads or a launch is checked, so that one reader decides each rule.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, NoReturn, Optional, Tuple, Union, cast

from ._errors import ManifestError

#: Block's element types, as the manifest spells them (ElementType.cpp).
ELEMENT_TYPES = ("i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
                 "f8E4M3FN", "f8E5M2")

#: The runtime's limit on a manifest's size (Manifest.h).
MAX_MANIFEST_BYTES = 16 << 20


@dataclass(frozen=True)
class Parameter:
    """A kernel parameter, `index` its position. `kind` is "pointer" (the
    kernel takes a device address; `type` is the pointee's element type) or
    "scalar" (`type` is its own)."""
    index: int
    name: str
    kind: Literal["pointer", "scalar"]
    type: str

    @property
    def is_pointer(self) -> bool:
        return self.kind == "pointer"

    @property
    def type_string(self) -> str:
        """The dialect's spelling: "!block.ptr<f32>" or "i32"."""
        return f"!block.ptr<{self.type}>" if self.is_pointer else self.type

    def describe(self) -> str:
        """The parameter as the runtime names it: "2 ('out', !block.ptr<f32>)"."""
        return f"{self.index} ('{self.name}', {self.type_string})"


@dataclass(frozen=True)
class KernelEntry:
    """A kernel of the manifest: its name (the PTX entry), parameters in
    order, warps (None where the manifest leaves them out) and dynamic
    shared memory in bytes."""
    name: str
    parameters: Tuple[Parameter, ...]
    num_warps: Optional[int] = None
    shared_memory_bytes: int = 0


@dataclass(frozen=True)
class Manifest:
    """A bundle's manifest: `path` is the .json, `module` the module's name,
    `ptx` and `cubin` the files it names in its directory (None where it
    names none), `kernels` in the manifest's order, their names unique."""
    path: str
    module: Optional[str]
    ptx: Optional[str]
    cubin: Optional[str]
    kernels: Tuple[KernelEntry, ...]


def manifest_path(path: Union[str, "os.PathLike[str]"]) -> str:
    """The manifest of a bundle directory (its only .json) or the path
    itself."""
    path = os.fspath(path)
    if not os.path.isdir(path):
        return path
    found = sorted(f for f in os.listdir(path) if f.endswith(".json"))
    if len(found) != 1:
        raise ManifestError(f"{path}: a bundle directory holds exactly one .json "
                            f"manifest, this one {len(found)}", path=path)
    return os.path.join(path, found[0])


def read_manifest(path: Union[str, "os.PathLike[str]"]) -> Manifest:
    """The manifest of the bundle at `path` (a directory block-compile
    wrote, or its .json), or ManifestError."""
    file = manifest_path(path)
    try:
        document = json.loads(_read_text(file))
    except OSError as e:
        raise ManifestError(f"cannot open '{file}': {e.strerror}", path=file) from None
    except RecursionError:
        raise ManifestError(f"{file}: not a Block bundle manifest (nested too deep)",
                            path=file) from None
    except ValueError as e:  # not JSON, not UTF-8
        raise ManifestError(f"{file}: not a Block bundle manifest "
                            f"({type(e).__name__}: {e})", path=file) from None
    return _Reader(file).manifest(document)


def _read_text(path: str) -> str:
    """The text of the manifest at `path`, a regular file of sane size: a
    FIFO would wait for a writer forever, a device never end. Raises
    OSError, or ManifestError for a file that is none."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ManifestError(f"cannot read '{path}': not a regular file (a "
                                f"device, FIFO or directory)", path=path)
        if info.st_size > MAX_MANIFEST_BYTES:
            raise ManifestError(f"cannot read '{path}': larger than "
                                f"{MAX_MANIFEST_BYTES} bytes", path=path)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read().decode("utf-8")
    finally:
        os.close(fd)


def _kind(value: Any) -> str:
    """A JSON value's kind, as the runtime words it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


_ABSENT = object()


class _Reader:
    """Reads the fields the package uses from the JSON document of the
    manifest `origin`; the first problem raises ManifestError with its JSON
    path, worded as the runtime words it."""

    def __init__(self, origin: str):
        self.origin = origin

    def fail(self, field: str, what: str) -> NoReturn:
        where = f"{field}: " if field else ""
        raise ManifestError(f"{self.origin}: not a Block bundle manifest: {where}{what}",
                            path=self.origin, field=field or None)

    def member(self, obj: Dict[str, Any], field: str, expected: str, required: bool) -> Any:
        """The member at `field` (its last key) of `obj`, or _ABSENT."""
        value = obj.get(field.rpartition(".")[2], _ABSENT)
        if value is _ABSENT and required:
            self.fail(field, f"missing (expected {expected})")
        return value

    def optional_string(self, obj: Dict[str, Any], field: str,
                        required: bool = False) -> Optional[str]:
        value = self.member(obj, field, "a non-empty string", required)
        if value is _ABSENT:
            return None
        if not isinstance(value, str) or not value:
            self.fail(field, f"expected a non-empty string, got {_kind(value)}")
        return value

    def string(self, obj: Dict[str, Any], field: str) -> str:
        return cast(str, self.optional_string(obj, field, required=True))

    def optional_integer(self, obj: Dict[str, Any], field: str, minimum: int,
                         required: bool = False) -> Optional[int]:
        expected = f"an integer >= {minimum}"
        value = self.member(obj, field, expected, required)
        if value is _ABSENT:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            got = "a number that is not an integer" if isinstance(value, float) \
                else _kind(value)
            self.fail(field, f"expected {expected}, got {got}")
        if value < minimum:
            self.fail(field, f"expected {expected}, got {value}")
        return value

    def objects(self, obj: Dict[str, Any], field: str) -> List[Dict[str, Any]]:
        """The member at `field`, an array of objects."""
        array = self.member(obj, field, "an array", True)
        if not isinstance(array, list):
            self.fail(field, f"expected an array, got {_kind(array)}")
        for i, item in enumerate(array):
            if not isinstance(item, dict):
                self.fail(f"{field}[{i}]", f"expected an object, got {_kind(item)}")
        return array

    def manifest(self, root: Any) -> Manifest:
        if not isinstance(root, dict):
            self.fail("", f"expected an object at the top level, got {_kind(root)}")
        module = self.optional_string(root, "module")
        ptx = self.optional_string(root, "ptx")
        cubin = self.optional_string(root, "cubin")
        kernels = tuple(self.kernel(k, f"kernels[{i}]")
                        for i, k in enumerate(self.objects(root, "kernels")))
        seen = set()
        for i, kernel in enumerate(kernels):
            if kernel.name in seen:
                self.fail(f"kernels[{i}].name", f'duplicate kernel name "{kernel.name}"')
            seen.add(kernel.name)
        return Manifest(path=self.origin, module=module, ptx=ptx, cubin=cubin,
                        kernels=kernels)

    def kernel(self, obj: Dict[str, Any], path: str) -> KernelEntry:
        name = self.string(obj, f"{path}.name")
        parameters = tuple(self.parameter(p, f"{path}.parameters[{i}]", i)
                           for i, p in enumerate(self.objects(obj, f"{path}.parameters")))
        shared = self.optional_integer(obj, f"{path}.shared_memory_bytes", 0)
        return KernelEntry(name=name, parameters=parameters,
                           num_warps=self.optional_integer(obj, f"{path}.num_warps", 1),
                           shared_memory_bytes=shared or 0)

    def parameter(self, obj: Dict[str, Any], path: str, position: int) -> Parameter:
        index = self.optional_integer(obj, f"{path}.index", 0, required=True)
        if index != position:
            self.fail(f"{path}.index", f"expected {position} (parameters are listed "
                                       f"in order), got {index}")
        name = self.string(obj, f"{path}.name")
        kind = self.string(obj, f"{path}.kind")
        if kind != "pointer" and kind != "scalar":
            self.fail(f"{path}.kind", f'expected "pointer" or "scalar", got "{kind}"')
        field = f"{path}.element_type" if kind == "pointer" else f"{path}.type"
        type_ = self.string(obj, field)
        if type_ not in ELEMENT_TYPES:
            self.fail(field, f'unknown element type "{type_}" (expected one of '
                             f"{', '.join(ELEMENT_TYPES)})")
        return Parameter(index=position, name=name,
                         kind=cast(Literal["pointer", "scalar"], kind), type=type_)
