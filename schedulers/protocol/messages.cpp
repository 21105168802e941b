#include "schedulers/protocol/messages.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "classad/print.hpp"

namespace arsim::schedulers::protocol {

namespace {

[[noreturn]] void wrong(const std::string& where, const std::string& expected) {
  throw ProtocolError(fmt::format("answer field '{}': expected {}", where, expected));
}

const Json& member(const Json& object, const std::string& key, const std::string& where) {
  if (!object.is_object()) wrong(where, "an object");
  auto it = object.find(key);
  if (it == object.end()) wrong(where.empty() ? key : where + "." + key, "a value, found none");
  return *it;
}

const Json& array_of(const Json& j, std::size_t size, const std::string& where) {
  if (!j.is_array()) wrong(where, "a list");
  if (size != std::numeric_limits<std::size_t>::max() && j.size() != size)
    wrong(where, fmt::format("a list of {} items, found {}", size, j.size()));
  return j;
}

int integer(const Json& j, const std::string& where) {
  if (!j.is_number_integer()) wrong(where, "an integer");
  const auto v = j.get<long long>();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    wrong(where, "an integer in the range of int");
  return static_cast<int>(v);
}

double number(const Json& j, const std::string& where) {
  if (!j.is_number()) wrong(where, "a number");
  const double v = j.get<double>();
  if (!std::isfinite(v)) wrong(where, "a finite number");
  return v;
}

constexpr std::size_t kAny = std::numeric_limits<std::size_t>::max();

// A list of `size` integers (kAny: any number), each in [0, below) when below > 0: ids that index
// the question's lists, checked here so that nothing reads out of range before the checkers run.
std::vector<int> integers(const Json& j, std::size_t size, const std::string& where,
                          int below = 0) {
  array_of(j, size, where);
  std::vector<int> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string at = fmt::format("{}[{}]", where, i);
    out.push_back(integer(j[i], at));
    if (below > 0 && (out.back() < 0 || out.back() >= below))
      wrong(at, fmt::format("an id in [0, {})", below));
  }
  return out;
}

}  // namespace

Json hello(const std::string& family, const std::string& algorithm,
           const std::map<std::string, std::string>& params, std::uint64_t seed) {
  Json p = Json::object();
  for (const auto& [k, v] : params) p[k] = v;
  return {{"type", "hello"},        {"protocol", kVersion}, {"family", family},
          {"algorithm", algorithm}, {"params", p},          {"seed", seed}};
}

void check_answer(const Json& answer) {
  if (!answer.is_object()) wrong("", "an object");
  if (auto it = answer.find("error"); it != answer.end())
    throw ProtocolError("the algorithm's error: " +
                        (it->is_string() ? it->get<std::string>() : it->dump()));
}

void read_hello(const Json& answer) {
  check_answer(answer);
  const Json& v = member(answer, "protocol", "");
  if (!v.is_number_integer() || v.get<long long>() != kVersion)
    wrong("protocol", fmt::format("{} (the version arsim speaks)", kVersion));
}

Json graph_message(const model::ResourceGraph& graph) {
  Json vertices = Json::array(), edges = Json::array();
  for (const auto& v : graph.vertices())
    vertices.push_back({{"name", v.name},
                        {"role", v.role == model::VertexRole::Site ? "site" : "exchange"},
                        {"domain", v.domain},
                        {"cores", v.cores},
                        {"unit_value", v.unit_value}});
  for (const auto& e : graph.edges())
    edges.push_back({{"name", e.name},
                     {"a", e.a},
                     {"b", e.b},
                     {"domain", e.domain},
                     {"bandwidth", e.bandwidth},
                     {"unit_value", e.unit_value},
                     {"latency", e.latency}});
  return {{"type", "graph"}, {"vertices", vertices}, {"edges", edges}};
}

namespace {

// A JSON object with its members in order, filled without searching for keys, and a JSON list
// of numbers: the pieces of the messages sent once per decision, which are most of what a
// decision costs an algorithm outside the tree (python/bridge/README.md, Cost). `room`: members
// the caller may add afterwards without the object growing again.
Json object_of(std::initializer_list<std::pair<const char*, Json>> members, std::size_t room = 0) {
  Json out(Json::value_t::object);
  auto& o = out.get_ref<Json::object_t&>();
  o.reserve(members.size() + room);
  for (const auto& [key, value] : members) o.emplace_back(key, value);
  return out;
}

template <class T>
Json numbers(const std::vector<T>& values) {
  Json out(Json::value_t::array);
  auto& a = out.get_ref<Json::array_t&>();
  a.reserve(values.size());
  for (const T& v : values) a.emplace_back(v);
  return out;
}

}  // namespace

Json plan_message(const model::Request& r, const std::vector<model::Availability>& frames) {
  Json components(Json::value_t::array), pairs(Json::value_t::array), fs(Json::value_t::array);
  for (const auto& c : r.components) {
    Json component = object_of({{"cpus", c.cpus}}, c.pinned() ? 1 : 0);
    // Only a pin is sent, so that a request without pins stays the message it was before pins.
    if (c.pinned()) component.get_ref<Json::object_t&>().emplace_back("site", c.site);
    components.push_back(std::move(component));
  }
  for (const auto& p : r.pairs) {
    const bool bound = p.has_latency_bound();
    Json pair = object_of({{"a", p.a}, {"b", p.b}, {"bandwidth", p.bandwidth}}, bound ? 1 : 0);
    // Only a bound is sent: kNoLatencyBound is +inf, which JSON cannot write, and a request
    // without bounds stays the message it was before bounds existed.
    if (bound) pair.get_ref<Json::object_t&>().emplace_back("max_latency", p.max_latency);
    pairs.push_back(std::move(pair));
  }
  fs.get_ref<Json::array_t&>().reserve(frames.size());
  for (const auto& f : frames) {
    Json frame(Json::value_t::object);
    auto& o = frame.get_ref<Json::object_t&>();
    o.reserve(4);
    o.emplace_back("start", f.frame.start);
    o.emplace_back("end", f.frame.end);
    o.emplace_back("free_cores", numbers(f.free_cores));
    o.emplace_back("free_bandwidth", numbers(f.free_bandwidth));
    fs.push_back(std::move(frame));
  }
  Json request = object_of({{"id", r.id},
                            {"user", r.user},
                            {"submit", r.submit},
                            {"est", r.est},
                            {"lst", r.lst},
                            {"duration", r.duration},
                            {"service_level", r.service_level}});
  auto& ro = request.get_ref<Json::object_t&>();
  ro.reserve(9);
  ro.emplace_back("components", std::move(components));
  ro.emplace_back("pairs", std::move(pairs));
  Json m(Json::value_t::object);
  auto& mo = m.get_ref<Json::object_t&>();
  mo.reserve(3);
  mo.emplace_back("type", "plan");
  mo.emplace_back("request", std::move(request));
  mo.emplace_back("frames", std::move(fs));
  return m;
}

std::vector<model::Plan> read_plans(const Json& answer, const model::ResourceGraph& graph,
                                    const model::Request& request,
                                    const std::vector<model::Availability>& frames,
                                    PlannerStats& stats) {
  check_answer(answer);
  const Json& plans = array_of(member(answer, "plans", ""), kAny, "plans");
  std::vector<model::Plan> out;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const std::string at = fmt::format("plans[{}]", i);
    const Json& p = plans[i];
    const int frame = integer(member(p, "frame", at), at + ".frame");
    if (frame < 0 || frame >= static_cast<int>(frames.size()))
      wrong(at + ".frame", fmt::format("a frame index in [0, {})", frames.size()));
    model::Plan plan{frames[frame].frame, {}, {}, 0};
    plan.sites = integers(member(p, "sites", at), request.components.size(), at + ".sites",
                          graph.vertex_count());
    const Json& routes = array_of(member(p, "routes", at), request.pairs.size(), at + ".routes");
    for (std::size_t l = 0; l < routes.size(); ++l)
      plan.routes.push_back(
          integers(routes[l], kAny, fmt::format("{}.routes[{}]", at, l), graph.edge_count()));
    auto cost = p.find("cost");
    plan.cost =
        cost == p.end() ? model::plan_value(graph, request, plan) : number(*cost, at + ".cost");
    out.push_back(std::move(plan));
  }
  if (auto nodes = answer.find("nodes"); nodes != answer.end())
    stats.nodes += integer(*nodes, "nodes");
  return out;
}

Json outcome_message(const model::Request& request, bool accepted) {
  return {{"type", "outcome"}, {"request", request.id}, {"accepted", accepted}};
}

Json schedule_message(const IntervalProblem& problem) {
  Json tasks = Json::array();
  for (const auto& t : problem.tasks)
    tasks.push_back({{"id", t.id},
                     {"start", t.start},
                     {"finish", t.finish},
                     {"predecessor", t.predecessor},
                     {"release", t.release},
                     {"processors", t.processors}});
  std::vector<model::Time> busy;
  for (int r = 0; r < problem.resources; ++r) busy.push_back(problem.busy(r));
  return {{"type", "schedule"},       {"resources", problem.resources},
          {"busy_until", busy},       {"period_start", problem.period_start},
          {"period", problem.period}, {"tasks", tasks}};
}

IntervalSchedule read_schedule(const Json& answer, const IntervalProblem& problem) {
  check_answer(answer);
  const std::size_t n = problem.tasks.size();
  IntervalSchedule s;
  s.resource = integers(member(answer, "resource", ""), n, "resource");
  const Json& starts = array_of(member(answer, "start", ""), n, "start");
  for (std::size_t i = 0; i < n; ++i)
    s.start.push_back(s.resource[i] == kDeferred && !starts[i].is_number()
                          ? 0.0
                          : number(starts[i], fmt::format("start[{}]", i)));
  return s;
}

Json match_message(const model::matching::Instance& inst, const model::matching::Policy& policy,
                   std::uint64_t seed) {
  Json types = Json::array(), resources = Json::array(), jobs = Json::array();
  for (const auto& t : inst.types)
    types.push_back({{"name", t.name},
                     {"static_attributes", t.static_attributes},
                     {"dynamic_attributes", t.dynamic_attributes}});
  for (const auto& r : inst.resources)
    resources.push_back({{"name", r.name},
                         {"type", r.type},
                         {"static_values", r.static_values},
                         {"capacity", r.capacity}});
  for (const auto& j : inst.jobs) {
    Json depends = Json::array();
    for (const auto& d : j.depends) {
      Json reqs = Json::array();
      for (const auto& q : d.requirements)
        reqs.push_back({{"attribute", q.attribute}, {"value", q.value}});
      depends.push_back({{"type", d.type}, {"requirements", reqs}, {"usage", d.usage}});
    }
    jobs.push_back({{"name", j.name}, {"priority", j.priority}, {"depends", depends}});
  }
  return {{"type", "match"},
          {"seed", seed},
          {"objective", model::matching::to_string(policy.objective)},
          {"balance_weight", policy.balance_weight},
          {"types", types},
          {"resources", resources},
          {"jobs", jobs}};
}

model::matching::Matching read_matching(const Json& answer,
                                        const model::matching::Instance& instance) {
  check_answer(answer);
  const Json& assigned = array_of(member(answer, "assigned", ""), instance.jobs.size(), "assigned");
  model::matching::Matching m;
  for (std::size_t j = 0; j < assigned.size(); ++j)
    m.assigned.push_back(integers(assigned[j], kAny, fmt::format("assigned[{}]", j)));
  return m;
}

Json gang_message(const model::gang::GangProblem& problem) {
  Json ads = Json::array();
  for (const auto& ad : problem.ads) ads.push_back(classad::unparse(ad.record()));
  Json clock = problem.clock ? Json(*problem.clock) : Json(nullptr);
  return {{"type", "gang"}, {"clock", clock}, {"roots", problem.roots}, {"ads", ads}};
}

std::vector<model::gang::Gang> read_gangs(const Json& answer) {
  check_answer(answer);
  const Json& gangs = array_of(member(answer, "gangs", ""), kAny, "gangs");
  std::vector<model::gang::Gang> out;
  for (std::size_t g = 0; g < gangs.size(); ++g) {
    const std::string at = fmt::format("gangs[{}]", g);
    model::gang::Gang gang;
    for (std::size_t n = 0; n < array_of(gangs[g], kAny, at).size(); ++n) {
      const std::string node_at = fmt::format("{}[{}]", at, n);
      const Json& node = gangs[g][n];
      gang.nodes.push_back({integer(member(node, "ad", node_at), node_at + ".ad"),
                            integer(member(node, "parent", node_at), node_at + ".parent"),
                            integer(member(node, "parent_port", node_at), node_at + ".parent_port"),
                            integer(member(node, "port", node_at), node_at + ".port")});
    }
    out.push_back(std::move(gang));
  }
  return out;
}

std::string line_of(const Json& message) {
  // nlohmann writes doubles with max_digits10 significant digits: they read back exactly.
  return message.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace arsim::schedulers::protocol
