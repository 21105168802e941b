// SNDlib's native format (http://sndlib.zib.de, "native format"): sections NODES ( ... ),
// LINKS ( ... ), DEMANDS ( ... ) and ADMISSIBLE_PATHS ( ... ); '#' and '?' start comments to the
// end of the line. Link capacity (docs/guide/networks.md, SNDlib): the pre-installed capacity plus
// one module of the largest capacity the link offers, read as Mbit/s.
#include <algorithm>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

namespace {

// SNDlib capacities carry no unit; arsim reads them as Mbit/s (the modules of most SNDlib
// instances are SDH/SONET rates such as 155 and 2488 Mbit/s).
constexpr double kGbpsPerUnit = 1e-3;

struct Word {
  std::string text;  // "(" and ")" are words of their own; "" at the end of the file
  int line = 0;
};

class Scanner {
 public:
  Scanner(const std::string& text, const std::string& source) : text_(text), source_(source) {}

  Word next() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '#' || c == '?') {
        while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        line_ += c == '\n';
        ++at_;
      } else {
        break;
      }
    }
    Word w{"", line_};
    if (at_ >= text_.size()) return w;
    if (text_[at_] == '(' || text_[at_] == ')') {
      w.text = text_[at_++];
      return w;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() &&
           std::string_view(" \t\r\n()#?").find(text_[at_]) == std::string_view::npos)
      ++at_;
    w.text = text_.substr(start, at_ - start);
    return w;
  }

  // The next word, left to be read again.
  Word peek() {
    const std::size_t at = at_;
    const int line = line_;
    Word w = next();
    at_ = at, line_ = line;
    return w;
  }
  // Reads "( )" where it comes next; SNDlib allows such empty groups after nodes, links and
  // demands.
  void skip_empty_groups(int most) {
    for (int i = 0; i < most && peek().text == "("; ++i) {
      expect("(");
      expect(")", "( )");
    }
  }

  [[noreturn]] void fail(const Word& w, const std::string& field, const std::string& expected) {
    const std::string got = w.text.empty() ? "the end of the file" : "'" + w.text + "'";
    fail_at(source_, w.line, field, fmt::format("expected {}, got {}", expected, got));
  }
  Word expect(const std::string& what, const std::string& field = "") {
    Word w = next();
    if (w.text != what) fail(w, field, "'" + what + "'");
    return w;
  }
  Word name(const std::string& field) {
    Word w = next();
    if (w.text.empty() || w.text == "(" || w.text == ")") fail(w, field, "a name");
    return w;
  }
  double number(const std::string& field, bool signed_ = false) {
    Word w = next();
    const auto v = base::parse_double(w.text);
    if (!v || (*v < 0 && !signed_)) fail(w, field, signed_ ? "a number" : "a number >= 0");
    return *v;
  }

 private:
  const std::string& text_;
  const std::string& source_;
  std::size_t at_ = 0;
  int line_ = 1;
};

struct Reader {
  Scanner in;
  Network net;
  std::map<std::string, int> index;

  int node(const std::string& field) {
    const Word w = in.name(field);
    const auto it = index.find(w.text);
    if (it == index.end()) in.fail(w, field, "a node of the NODES section");
    return it->second;
  }

  // NODES ( name [( lon lat )] [( )] [( )] ... ): the coordinates are optional.
  void nodes() {
    for (Word w = in.next(); w.text != ")"; w = in.next()) {
      if (w.text.empty() || w.text == "(") in.fail(w, "NODES", "a node name or ')'");
      Node n;
      n.id = n.label = w.text, n.line = w.line;
      if (!index.emplace(w.text, static_cast<int>(net.nodes.size())).second)
        in.fail(w, "NODES", "a new node name (it is declared twice)");
      if (in.peek().text == "(") {
        in.expect("(");
        if (in.peek().text != ")") {
          n.longitude = degrees_within(in.number("longitude", true), 180);
          n.latitude = degrees_within(in.number("latitude", true), 90);
        }
        in.expect(")", "coordinates");
      }
      in.skip_empty_groups(2);
      net.nodes.push_back(std::move(n));
    }
  }

  // LINKS ( id ( src tgt ) pre_cap pre_cost routing_cost setup_cost ( cap cost ... ) )
  void links() {
    for (Word w = in.next(); w.text != ")"; w = in.next()) {
      if (w.text.empty() || w.text == "(") in.fail(w, "LINKS", "a link id or ')'");
      Link l;
      l.line = w.line;
      in.expect("(", "ends");
      l.a = node("source");
      l.b = node("target");
      in.expect(")", "ends");
      const double pre = in.number("pre_installed_capacity");
      for (const char* f : {"pre_installed_capacity_cost", "routing_cost", "setup_cost"})
        in.number(f);
      in.expect("(", "modules");
      double largest = 0;
      for (Word m = in.next(); m.text != ")"; m = in.next()) {
        const auto cap = base::parse_double(m.text);
        if (!cap || *cap < 0) in.fail(m, "module_capacity", "a number >= 0 or ')'");
        largest = std::max(largest, *cap);
        in.number("module_cost");
      }
      in.skip_empty_groups(1);
      const double units = pre + largest;
      if (units > 0) l.gbps = units * kGbpsPerUnit;
      net.links.push_back(l);
    }
  }

  // DEMANDS ( id ( src tgt ) routing_unit value max_path_length ): counted, not used.
  void demands() {
    for (Word w = in.next(); w.text != ")"; w = in.next()) {
      if (w.text.empty() || w.text == "(") in.fail(w, "DEMANDS", "a demand id or ')'");
      in.expect("(", "ends");
      node("source");
      node("target");
      in.expect(")", "ends");
      in.number("routing_unit");
      in.number("demand_value");
      in.name("max_path_length");
      in.skip_empty_groups(1);
      ++net.demands;
    }
  }

  // A section arsim does not use (ADMISSIBLE_PATHS, META): skipped to its closing ')'.
  void skip(const Word& open) {
    for (int depth = 1; depth > 0;) {
      const Word w = in.next();
      if (w.text.empty())
        in.fail(w, "", "')' closing the section opened on line " + std::to_string(open.line));
      depth += w.text == "(" ? 1 : w.text == ")" ? -1 : 0;
    }
  }
};

}  // namespace

Network parse_sndlib(const std::string& text, const std::string& source) {
  Reader r{Scanner(text, source), {}, {}};
  r.net.source = source;
  bool seen_nodes = false;
  for (Word w = r.in.next(); !w.text.empty(); w = r.in.next()) {
    const Word open = r.in.expect("(", w.text);
    if (w.text == "NODES") {
      r.nodes();
      seen_nodes = true;
    } else if (w.text == "LINKS" && seen_nodes) {
      r.links();
    } else if (w.text == "DEMANDS" && seen_nodes) {
      r.demands();
    } else if (w.text == "ADMISSIBLE_PATHS" || w.text == "META") {
      r.skip(open);
    } else {
      r.in.fail(
          w, "",
          seen_nodes ? "a section LINKS, DEMANDS or ADMISSIBLE_PATHS" : "the NODES section first");
    }
  }
  if (!seen_nodes) throw InputError(source + ": expected a NODES ( ... ) section");
  return std::move(r.net);
}

}  // namespace arsim::topology
