//===- ArgumentNames.cpp - Parse a program, keeping argument names --------===//

#include "block/Support/ArgumentNames.h"
#include "block/Support/InputFile.h"
#include "block/Support/Nesting.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// The name of argument `index` of the entry block `state` defined, or "".
static std::string getArgumentName(const AsmParserState::BlockDefinition &entry,
                                   unsigned index) {
  if (index >= entry.arguments.size())
    return "";
  llvm::SMRange range = entry.arguments[index].loc;
  StringRef name(range.Start.getPointer(),
                 range.End.getPointer() - range.Start.getPointer());
  name.consume_front("%");
  if (name.empty() || llvm::isDigit(name.front()))
    return "";
  return name.str();
}

OwningOpRef<ModuleOp>
mlir::block::parseKeepingArgumentNames(llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context,
                                       ArgumentNames &names) {
  AsmParserState state;
  Block parsed;
  if (failed(parseAsmSourceFile(sourceMgr, &parsed, ParserConfig(context),
                                &state)))
    return {};
  StringRef file =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier();
  OwningOpRef<ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &parsed, context, FileLineColLoc::get(context, file, 0, 0));
  if (!module)
    return {};
  for (auto func : module->getOps<func::FuncOp>()) {
    const AsmParserState::BlockDefinition *entry =
        func.getBody().empty() ? nullptr : state.getBlockDef(&func.front());
    SmallVector<std::string> &list = names[func.getSymName()];
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      list.push_back(entry ? getArgumentName(*entry, i) : "");
  }
  return module;
}

OwningOpRef<ModuleOp> mlir::block::loadProgram(StringRef path,
                                               llvm::SourceMgr &sourceMgr,
                                               MLIRContext *context,
                                               ArgumentNames &names,
                                               std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> input =
      block::openCheckedInputFile(path, error);
  if (!input)
    return {};
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  if (failed(checkNestingDepth(sourceMgr, sourceMgr.getMainFileID())))
    return {};
  return parseKeepingArgumentNames(sourceMgr, context, names);
}
