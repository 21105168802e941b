#include "topology/platform_writer.hpp"

#include <iterator>

#include <fmt/format.h>

namespace arsim::topology {

namespace {

// An XML comment may not contain "--".
std::string comment_text(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '-' && !out.empty() && out.back() == '-' ? ' ' : c;
  return out;
}

void prop(fmt::memory_buffer& out, const std::string& id, const std::string& value) {
  fmt::format_to(std::back_inserter(out), "<prop id=\"{}\" value=\"{}\"/>", id, value);
}

}  // namespace

std::string platform_text(const Plan& plan, const std::string& comment) {
  fmt::memory_buffer out;
  auto put = [&]<class... A>(fmt::format_string<A...> f, A&&... args) {
    fmt::format_to(std::back_inserter(out), f, std::forward<A>(args)...);
  };
  put("<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
  put("<!-- {} -->\n<platform version=\"4.1\">\n  <zone id=\"network\" routing=\"Full\">\n",
      comment_text(comment));
  std::vector<std::string> controlled = {"portal"};
  put("    <host id=\"grc\" speed=\"1Gf\">");
  prop(out, "role", "control");
  put("</host>\n    <host id=\"portal\" speed=\"1Gf\">");
  prop(out, "role", "control");
  put("</host>\n");
  for (const auto& d : plan.domains) {
    put("    <host id=\"nrm_{}\" speed=\"1Gf\">", d);
    prop(out, "role", "control");
    prop(out, "domain", d);
    put("</host>\n");
    controlled.push_back("nrm_" + d);
  }
  for (const auto& h : plan.hosts) {
    if (h.role == "site") {
      put("    <host id=\"{}\" speed=\"1Gf\" core=\"{}\">", h.name, h.cores);
      controlled.push_back(h.name);
    } else {
      put("    <host id=\"{}\" speed=\"1Gf\">", h.name);
    }
    prop(out, "role", h.role);
    prop(out, "domain", h.domain);
    if (h.role == "site") prop(out, "unit_value", fmt::format("{}", kCoreUnitValue));
    put("</host>\n");
  }
  for (const auto& l : plan.paths) {
    // Microseconds with three decimals: a nanosecond, finer than any fibre length of a file.
    put("    <link id=\"{}\" bandwidth=\"{}Gbps\" latency=\"{:.3f}us\">", l.id, l.gbps,
        l.latency_s * 1e6);
    prop(out, "role", "path");
    prop(out, "domain", l.domain);
    prop(out, "unit_value", fmt::format("{}", l.unit_value));
    prop(out, "ends", l.a + " " + l.b);
    put("</link>\n");
  }
  for (const auto& c : controlled)
    put("    <link id=\"ctl_{}\" bandwidth=\"{}\" latency=\"{}\"/>\n", c, kControlBandwidth,
        kControlLatency);
  for (const auto& l : plan.paths)
    put("    <route src=\"{}\" dst=\"{}\"><link_ctn id=\"{}\"/></route>\n", l.a, l.b, l.id);
  for (const auto& c : controlled)
    put("    <route src=\"grc\" dst=\"{}\"><link_ctn id=\"ctl_{}\"/></route>\n", c, c);
  put("  </zone>\n</platform>\n");
  return fmt::to_string(out);
}

}  // namespace arsim::topology
