//===- FileIO.cpp - Whole-file reads and writes ---------------------------===//

#include "block/Runtime/FileIO.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace blockrt {

namespace {
struct FileCloser {
  void operator()(std::FILE *file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

Error systemError(const char *what, const std::string &path) {
  return makeError(std::string("cannot ") + what + " '" + path +
                   "': " + std::strerror(errno));
}

template <typename Container>
Expected<Container> readFile(const std::string &path, size_t maxBytes) {
  // Opened without blocking and checked before reading: a FIFO would wait
  // for a writer forever, a device (/dev/zero) never end.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return systemError("open", path);
  struct stat status;
  if (::fstat(fd, &status) != 0) {
    Error e = systemError("read", path);
    ::close(fd);
    return e;
  }
  if (!S_ISREG(status.st_mode)) {
    ::close(fd);
    return makeError("cannot read '" + path +
                     "': not a regular file (a device, FIFO or directory)");
  }
  if (uint64_t(status.st_size) > maxBytes) {
    ::close(fd);
    return makeError("cannot read '" + path + "': larger than " +
                     std::to_string(maxBytes) + " bytes");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  FilePtr file(::fdopen(fd, "rb"));
  if (!file) {
    Error e = systemError("open", path);
    ::close(fd);
    return e;
  }
  Container data;
  char chunk[1 << 16];
  while (true) {
    size_t got = std::fread(chunk, 1, sizeof(chunk), file.get());
    if (got == 0)
      break;
    if (data.size() + got > maxBytes)
      return makeError("cannot read '" + path + "': larger than " +
                       std::to_string(maxBytes) + " bytes");
    try {
      data.insert(data.end(), chunk, chunk + got);
    } catch (const std::bad_alloc &) {
      return makeError("cannot read '" + path + "': out of memory");
    }
  }
  if (std::ferror(file.get()))
    return systemError("read", path);
  return data;
}
} // namespace

Expected<std::string> readTextFile(const std::string &path, size_t maxBytes) {
  return readFile<std::string>(path, maxBytes);
}

Expected<std::vector<uint8_t>> readBinaryFile(const std::string &path,
                                              size_t maxBytes) {
  return readFile<std::vector<uint8_t>>(path, maxBytes);
}

Error writeBinaryFile(const std::string &path, const void *data, size_t size) {
  FilePtr file(std::fopen(path.c_str(), "wb"));
  if (!file)
    return systemError("create", path);
  if (size && std::fwrite(data, 1, size, file.get()) != size)
    return systemError("write", path);
  if (std::fclose(file.release()) != 0)
    return systemError("write", path);
  return Error::success();
}

} // namespace blockrt
