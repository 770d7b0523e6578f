#include "sweep_command.h"

#include <QTextStream>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "backends/model_runner.h"
#include "exit_codes.h"
#include "explorer_arguments.h"
#include "sim/explore/seed_sweep.h"
#include "sim/scenario/document_checks.h"

namespace lockscope::cli {
namespace {

using nlohmann::ordered_json;

// One line; the seed first, so that `sort -t: -k2 -n` orders lines by it too.
std::string findingLine(const explore::SweepFinding& finding) {
  ordered_json violations = ordered_json::array();
  for (const checkers::Violation& violation : finding.violations) {
    violations.push_back({{"kind", violation.kind},
                          {"time_us", violation.time},
                          {"until_us", violation.until},
                          {"clients", violation.clients}});
  }
  const ordered_json line = {{"seed", finding.seed},
                             {"signature", finding.signature},
                             {"violations", violations},
                             {"trace_sha256", finding.traceSha256},
                             {"shrunk_clients", finding.shrunkClients},
                             {"shrunk_trace_sha256", finding.shrunkTraceSha256}};
  return line.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

// Keeps a line unless --unique has seen its signature already.
class UniqueFilter {
 public:
  explicit UniqueFilter(bool unique) : unique_(unique) {}
  bool keep(const std::string& signature) { return !unique_ || seen_.insert(signature).second; }

 private:
  bool unique_;
  std::set<std::string> seen_;
};

int mergeShards(const QStringList& files, bool unique) {
  QTextStream err(stderr);
  std::map<uint64_t, std::pair<std::string, std::string>> bySeed;  // seed -> (signature, line)
  for (const QString& file : files) {
    std::ifstream stream(file.toStdString());
    if (!stream) {
      err << "lockscope-cli sweep: cannot read " << file << "\n";
      return kExitBadInput;
    }
    int lineNumber = 0;
    for (std::string line; std::getline(stream, line);) {
      ++lineNumber;
      if (line.empty()) continue;
      const ordered_json parsed = ordered_json::parse(line, nullptr, false);
      if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("seed") ||
          !parsed["seed"].is_number_unsigned() || !parsed.contains("signature") ||
          !parsed["signature"].is_string()) {
        err << "lockscope-cli sweep: " << file << ":" << lineNumber
            << ": expected a line of lockscope-cli sweep (a JSON object with seed and signature)\n";
        return kExitBadInput;
      }
      // The same seed from overlapping shards is the same run: one line.
      bySeed.emplace(parsed["seed"].get<uint64_t>(),
                     std::make_pair(parsed["signature"].get<std::string>(), line));
    }
  }
  QTextStream out(stdout);
  UniqueFilter filter(unique);
  bool any = false;
  for (const auto& [seed, entry] : bySeed) {
    if (!filter.keep(entry.first)) continue;
    out << QString::fromStdString(entry.second) << "\n";
    any = true;
  }
  return any ? kExitFailed : kExitOk;
}

}  // namespace

int sweepCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Run a lesson under every seed of a range; one JSON line per seed that shows a violation.");
  addExplorerOptions(parser);
  parser.addOption({"seeds", "The seeds, both ends included (required).", "FIRST:LAST"});
  parser.addOption({"shard", "Only shard K of N: seeds FIRST+K-1, FIRST+K-1+N, ...", "K/N"});
  parser.addOption({"unique", "Only the first seed of each violation signature."});
  parser.addOption({"merge", "Merge the JSON Lines files of shards (given instead of a lesson)."});
  if (parser.parse(arguments) && parser.isSet("merge")) {
    if (parser.positionalArguments().isEmpty()) {
      err << "lockscope-cli sweep: --merge expects the shards' files\n";
      return kExitBadInput;
    }
    return mergeShards(parser.positionalArguments(), parser.isSet("unique"));
  }
  int exitCode = kExitOk;
  std::optional<ExplorerInput> input = readExplorerInput(parser, arguments, "sweep", exitCode);
  if (!input) return exitCode;
  if (!parser.isSet("seeds")) {
    err << "lockscope-cli sweep: expected --seeds FIRST:LAST\n";
    return kExitBadInput;
  }
  Result<explore::SeedRange> range = explore::parseSeedRange(parser.value("seeds").toStdString());
  if (!range) {
    err << "lockscope-cli sweep: --seeds: "
        << QString::fromStdString(scenario::singleLine(range.message())) << "\n";
    return kExitBadInput;
  }
  Result<explore::Shard> shard = explore::Shard{};
  if (parser.isSet("shard")) shard = explore::parseShard(parser.value("shard").toStdString());
  if (!shard) {
    err << "lockscope-cli sweep: --shard: "
        << QString::fromStdString(scenario::singleLine(shard.message())) << "\n";
    return kExitBadInput;
  }
  QTextStream out(stdout);
  UniqueFilter filter(parser.isSet("unique"));
  bool any = false;
  explore::sweepSeeds(input->lesson, *range, *shard, input->hunt, backends::modelRunner(),
                      [&](const explore::SweepFinding& finding) {
                        if (!filter.keep(finding.signature)) return;
                        out << QString::fromStdString(findingLine(finding)) << "\n";
                        out.flush();  // a long sweep shows its findings as they come
                        any = true;
                      });
  return any ? kExitFailed : kExitOk;
}

}  // namespace lockscope::cli
