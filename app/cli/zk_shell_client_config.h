// `config -c`: the client's view of the ensemble's dynamic configuration (/zookeeper/config).
#pragma once

#include <string>

namespace lockscope::cli {

// ConfigUtils.getClientConfigStr: the config's version, a space, then the client address of
// each server.N entry ("host:port"), comma separated, in the order java.util.Properties lists
// them. A standalone server's config is empty, which gives " ".
std::string clientConfigText(const std::string& configData);

}  // namespace lockscope::cli
