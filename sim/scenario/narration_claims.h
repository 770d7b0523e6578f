// The `shows:` block of a narration step: what the author says is on the stage at that step's
// moment, in a small vocabulary the run's state answers exactly (docs/scenario-format.md):
//
//   counts, a number or a bound (">= 6"):  holders, violations, acquisitions, releases,
//   notifications sets of clients, exactly these:         holder, waiting, watching, part_holder
//   znodes, one path or a list:             node_exists, node_absent
//   one value per name:                     state {c1: crashed}, redis_holder {redis-3: none},
//                                           cache_version {c2: 3}
//
// The loader reads and validates the block here; app/gui/core/narration_check.h holds a recorded
// run to it, on the same stage state the GUI draws. Client names are not checked against the
// clients here: a lesson whose client count was changed (the GUI's top bar, --set clients=4)
// must still load; a claim about a client the run does not have is simply false there.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

// What a claim's key takes, and so how its value is read and compared.
enum class ClaimShape { Count, Clients, Paths, ClientStates, InstanceHolders, CacheVersions };

ClaimShape claimShape(const std::string& key);
const std::vector<std::string>& claimKeys();
// The words `state:` accepts: the states the stage colours a client by.
const std::vector<std::string>& clientStateNames();

class NarrationClaimsReader {
 public:
  NarrationClaimsReader(const YamlReader& reader, const Scenario& scenario)
      : r_(reader), s_(scenario) {}

  // Reads the mapping at `node` (the step's `shows:`, found at `path`).
  std::vector<NarrationClaim> read(const YAML::Node& node, const std::string& path) const;

 private:
  NarrationClaim readClaim(const std::string& key, const YAML::Node& value,
                           const std::string& path) const;
  std::string client(const YAML::Node& node, const std::string& path) const;
  std::string path(const YAML::Node& node, const std::string& path) const;

  const YamlReader& r_;
  const Scenario& s_;
};

}  // namespace lockscope::scenario
