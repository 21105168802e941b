// GraphML as the Internet Topology Zoo writes it (http://www.topology-zoo.org): <key id= for=
// attr.name=> declarations, one <graph> whose <data> may name the network, <node id=> and
// <edge source= target=> elements whose <data key=> children hold the attributes.
#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <pugixml.hpp>

#include "base/input_error.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

namespace {

// Line numbers of offsets into the text.
class Lines {
 public:
  explicit Lines(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') newlines_.push_back(i);
  }
  int at(std::ptrdiff_t offset) const {
    if (offset < 0) return 0;
    return static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(),
                                             static_cast<std::size_t>(offset)) -
                            newlines_.begin()) +
           1;
  }

 private:
  std::vector<std::size_t> newlines_;
};

struct Reader {
  const std::string& source;
  Lines lines;
  std::map<std::string, std::string> keys;  // key id -> attribute name

  int line(pugi::xml_node n) const { return lines.at(n.offset_debug()); }

  [[noreturn]] void fail(pugi::xml_node n, const std::string& what) const {
    fail_at(source, line(n), "", what);
  }

  // The attribute name of a <data key=...>, or fails naming the key.
  const std::string& key_of(pugi::xml_node data) const {
    const std::string key = data.attribute("key").value();
    const auto it = keys.find(key);
    if (it == keys.end())
      fail(data, fmt::format("<data key='{}'>: expected the id of a declared <key>", key));
    return it->second;
  }

  void read_node(pugi::xml_node x, Network& net, std::map<std::string, int>& index) const {
    Node n;
    n.id = x.attribute("id").value();
    n.line = line(x);
    if (n.id.empty()) fail(x, "<node>: expected an id attribute");
    if (!index.emplace(n.id, static_cast<int>(net.nodes.size())).second)
      fail(x, fmt::format("<node id='{}'>: expected a new id, it is declared twice", n.id));
    for (pugi::xml_node d : x.children("data"))
      set_zoo_attribute(n, key_of(d), d.text().get(), source, line(d));
    net.nodes.push_back(std::move(n));
  }

  void read_edge(pugi::xml_node x, Network& net, const std::map<std::string, int>& index) const {
    Link l;
    l.line = line(x);
    int* ends[] = {&l.a, &l.b};
    const char* names[] = {"source", "target"};
    for (int i = 0; i < 2; ++i) {
      const std::string id = x.attribute(names[i]).value();
      const auto it = index.find(id);
      if (it == index.end())
        fail(x,
             fmt::format("<edge> {}='{}': expected the id of a <node> of the graph", names[i], id));
      *ends[i] = it->second;
    }
    LinkSpeed speed;
    for (pugi::xml_node d : x.children("data")) {
      const std::string& name = key_of(d);
      if (name == "LinkSpeedRaw") speed.raw = d.text().get();
      if (name == "LinkSpeed") speed.speed = d.text().get();
      if (name == "LinkSpeedUnits") speed.units = d.text().get();
    }
    l.gbps = link_speed_gbps(speed, source, l.line);
    net.links.push_back(l);
  }
};

}  // namespace

Network parse_graphml(const std::string& text, const std::string& source) {
  Reader r{source, Lines(text), {}};
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
  if (!parsed)
    fail_at(source, r.lines.at(parsed.offset), "",
            fmt::format("expected GraphML (XML): {}", parsed.description()));
  const pugi::xml_node root = doc.child("graphml");
  if (!root) throw InputError(source + ": expected a <graphml> root element");
  for (pugi::xml_node k : root.children("key"))
    r.keys[k.attribute("id").value()] = k.attribute("attr.name").value();
  const pugi::xml_node graph = root.child("graph");
  if (!graph) r.fail(root, "<graphml>: expected a <graph> element");
  Network net;
  net.source = source;
  for (pugi::xml_node d : graph.children("data"))
    if (r.key_of(d) == "Network") net.network = d.text().get();
  // Nodes first: an edge may come before the nodes it joins in a valid GraphML file.
  std::map<std::string, int> index;
  for (pugi::xml_node x : graph.children("node")) r.read_node(x, net, index);
  for (pugi::xml_node x : graph.children("edge")) r.read_edge(x, net, index);
  return net;
}

}  // namespace arsim::topology
