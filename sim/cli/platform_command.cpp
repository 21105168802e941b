#include "sim/cli/platform_command.hpp"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "sim/metrics/csv.hpp"
#include "topology/attach.hpp"
#include "topology/generator.hpp"
#include "topology/platform_writer.hpp"

namespace arsim::cli {

namespace {

// The options both commands share: how sites and paths are made.
struct Common {
  topology::AttachOptions attach;
  std::string out, seed = "1";
  double site_latency_ms = 0.1, default_latency_ms = 1;

  void add(CLI::App* app) {
    // A folder that is missing is a wrong parameter, told before the input is read.
    app->add_option("--out", out, "platform file to write (its folder must exist)")
        ->required()
        ->check(CLI::Validator(
            [](const std::string& path) {
              const auto folder = std::filesystem::path(path).parent_path();
              return folder.empty() || std::filesystem::is_directory(folder)
                         ? std::string()
                         : "folder " + folder.string() + " does not exist";
            },
            "PATH", "existing folder"));
    app->add_option("--seed", seed, "seed of the draws (cores; the generator's topology)");
    app->add_option(
        "--cores", attach.cores,
        "cores per site, drawn uniformly: choice:C1,C2,... (default choice:8,16,32,64)");
    app->add_option("--site-bandwidth", attach.site_gbps,
                    "Gbit/s of the path joining a site to its node (default 100)");
    app->add_option("--site-latency", site_latency_ms,
                    "ms of the path joining a site to its node (default 0.1)");
  }

  void finish() {
    const auto s = base::parse_uint64(seed);
    if (!s)
      throw InputError(fmt::format("--seed: expected an unsigned 64-bit integer, got '{}'", seed));
    attach.seed = *s;
    for (const auto& [name, v] :
         {std::pair<const char*, double>{"--site-bandwidth", attach.site_gbps},
          {"--bandwidth", attach.default_gbps}})
      if (!std::isfinite(v) || v <= 0 || v > 1e9)
        throw InputError(fmt::format("{}: expected Gbit/s in (0, 1e9], got {}", name, v));
    for (const auto& [name, v] : {std::pair<const char*, double>{"--site-latency", site_latency_ms},
                                  {"--latency", default_latency_ms}})
      if (!std::isfinite(v) || v < 0 || v > 1e6)
        throw InputError(fmt::format("{}: expected ms in [0, 1e6], got {}", name, v));
    attach.site_latency_s = site_latency_ms / 1e3;
    attach.default_latency_s = default_latency_ms / 1e3;
  }
};

int write(const topology::Network& net, const Common& c, const std::string& what,
          std::ostream& out) {
  const topology::Plan plan = topology::attach(net, c.attach);
  if (plan.sites == 0)
    throw InputError(
        fmt::format("{}: expected a node that is not external (Internal 0) to attach a "
                    "site to, got none",
                    net.source));
  const std::string summary = fmt::format(
      "{} nodes ({} external, {} without coordinates), {} links ({} parallel merged, {} "
      "self-loops dropped), {} domains, {} sites, {} demands",
      net.nodes.size(), plan.external, plan.missing_coordinates, net.links.size(),
      net.parallel_links, net.self_loops, plan.domains.size(), plan.sites, net.demands);
  metrics::write_atomically(
      c.out, topology::platform_text(
                 plan, fmt::format("Written by arsim platform {}: {}; see docs/guide/networks.md",
                                   what, summary)));
  out << fmt::format("{}: {} -> {}\n", what, summary, c.out);
  return 0;
}

// arsim platform import FILE ...
struct Import {
  Common c;
  std::string file, format;

  CLI::App* add(CLI::App& app) {
    auto* im = app.add_subcommand(
        "import", "read a Topology Zoo (.graphml, .gml) or SNDlib native (.txt) network");
    im->add_option("file", file, "network file")->required();
    im->add_option("--format", format, "graphml, gml or sndlib (default: from the extension)");
    im->add_option("--sites", c.attach.sites,
                   "nodes that get a site: all, top:N (highest degree) or list:A,B (default all)");
    im->add_option("--cores-file", c.attach.cores_file, "lines 'NODE CORES' instead of --cores");
    im->add_option("--domain", c.attach.domain,
                   "domain of nodes without a Network attribute (default: the graph's, else net)");
    im->add_option("--bandwidth", c.attach.default_gbps,
                   "Gbit/s of a link without a capacity in the file (default 10)");
    im->add_option("--latency", c.default_latency_ms,
                   "ms of a link with an end without coordinates (default 1)");
    c.add(im);
    return im;
  }

  int run(std::ostream& out) {
    c.finish();
    topology::Network net = topology::read_network(file, format);
    topology::normalize(net, c.attach.default_gbps);
    return write(net, c, "import " + std::filesystem::path(file).filename().string(), out);
  }
};

// arsim platform generate ...
struct Generate {
  Common c;
  topology::GenerateOptions g;

  CLI::App* add(CLI::App& app) {
    auto* ge = app.add_subcommand("generate", "write a seeded multi-domain network");
    ge->add_option("--domains", g.domains, "number of domains")->required();
    ge->add_option("--sites-per-domain", g.nodes_per_domain, "sites (and nodes) per domain")
        ->required();
    ge->add_option("--alpha", g.alpha, "Waxman alpha (default 0.4)");
    ge->add_option("--beta", g.beta, "Waxman beta (default 0.4)");
    ge->add_option("--borders", g.borders, "nodes per domain that join other domains (default 2)");
    ge->add_option("--intra-gbps", g.intra_gbps,
                   "capacities of links in a domain (default 10,40,100)");
    ge->add_option("--inter-gbps", g.inter_gbps,
                   "capacities of links between domains (default 100)");
    c.add(ge);
    return ge;
  }

  int run(std::ostream& out) {
    c.finish();
    g.seed = c.attach.seed;
    topology::Network net = topology::generate_network(g);
    topology::normalize(net, c.attach.default_gbps);
    // Every option that shapes the file, so that the file says how to make it again (as
    // name=value: an XML comment may not hold "--").
    const std::string what = fmt::format(
        "generate domains={} sites-per-domain={} seed={} alpha={} beta={} borders={} "
        "intra-gbps={} inter-gbps={} cores={} site-bandwidth={} site-latency={}",
        g.domains, g.nodes_per_domain, g.seed, g.alpha, g.beta, g.borders, g.intra_gbps,
        g.inter_gbps, c.attach.cores, c.attach.site_gbps, c.site_latency_ms);
    return write(net, c, what, out);
  }
};

}  // namespace

int platform_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"arsim platform: annotated platforms from network files or a generator"};
  app.name("arsim platform");
  app.require_subcommand(1);
  Import imp;
  Generate gen;
  auto* im = imp.add(app);
  auto* ge = gen.add(app);
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
    return im->parsed() ? imp.run(out) : gen.run(out);
  } catch (const CLI::CallForHelp&) {
    out << (im->parsed() ? im->help() : ge->parsed() ? ge->help() : app.help());
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "arsim platform: " << e.what() << '\n';
    return 2;
  } catch (const InputError& e) {
    err << "arsim: " << e.what() << '\n';
    return 2;
  } catch (const metrics::WriteError& e) {
    err << "arsim: error: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    err << "arsim: error: " << e.what() << '\n';
    return 3;
  }
}

}  // namespace arsim::cli
