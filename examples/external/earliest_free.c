/* An interval scheduler in C speaking the protocol of docs/guide/protocol.md (family `interval`,
 * message `schedule`): a reference client in a language without a JSON library at hand.
 *
 * Each activation, the tasks are placed one at a time in order of their ready time, the latest of
 * their requested start, their release and their predecessor's actual finish (ties: lowest
 * index); a task whose predecessor is not placed yet waits for it. Each goes to the resource that
 * frees first (ties: lowest index) and starts at the later of its ready time and that resource's
 * busy-until time. Nothing is deferred. The answer therefore meets the rules of
 * schedulers::check_schedule (schedulers/interval_scheduler.hpp): no start before the ready time,
 * the resource's busy time or the predecessor's actual finish, no overlap on a resource.
 *
 * The JSON scanner below reads only what the scheduler needs. Its limits: a message is one JSON
 * object on one line; strings are skipped or compared byte for byte, \u escapes are not decoded;
 * numbers are read by strtod, which also accepts a few spellings JSON does not (hex, inf); values
 * nest at most 64 deep; at most 1,000,000 resources. Malformed input is answered with {"error":
 * ...}, which stops the run.
 *
 *     <interval_rm algorithm="external" resources="10" period="1000">
 *       <param name="command" value="/path/to/earliest_free"/>
 *     </interval_rm>
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double start, finish, release;
  long predecessor;
} Task;

typedef struct {
  long resources;
  double period_start;
  double* busy; /* busy_until, per resource */
  size_t busy_count, busy_capacity;
  Task* tasks;
  size_t task_count, task_capacity;
  char type[32];
} Message;

/* Room for one more item in an array of `count` items of `size` bytes, doubling its capacity. */
static void* grow(void* items, size_t count, size_t* capacity, size_t size) {
  if (count < *capacity) return items;
  *capacity = *capacity ? 2 * *capacity : 16;
  void* more = realloc(items, *capacity * size);
  if (!more) {
    fputs("earliest_free: out of memory\n", stderr);
    exit(1);
  }
  return more;
}

enum { kMaxResources = 1000000 }; /* a bound on the memory one message may ask for */

typedef struct {
  const char* p;
  const char* error; /* the first problem met, or NULL */
} Scanner;

static void fail(Scanner* s, const char* what) {
  if (!s->error) s->error = what;
}

static void skip_space(Scanner* s) {
  while (*s->p == ' ' || *s->p == '\t' || *s->p == '\r' || *s->p == '\n') ++s->p;
}

static int accept(Scanner* s, char c) {
  skip_space(s);
  if (*s->p != c) return 0;
  ++s->p;
  return 1;
}

/* A string: its bytes between the quotes are [*begin, *end), escapes left as written. */
static void scan_string(Scanner* s, const char** begin, const char** end) {
  if (!accept(s, '"')) return fail(s, "expected a string");
  *begin = s->p;
  while (*s->p && *s->p != '"') s->p += (*s->p == '\\' && s->p[1]) ? 2 : 1;
  *end = s->p;
  if (!accept(s, '"')) fail(s, "unterminated string");
}

static double scan_number(Scanner* s) {
  skip_space(s);
  char* end;
  double v = strtod(s->p, &end);
  if (end == s->p || !isfinite(v)) fail(s, "expected a finite number");
  s->p = end;
  return v;
}

/* An integer in [low, high]. */
static long scan_integer(Scanner* s, long low, long high) {
  double v = scan_number(s);
  if (v != floor(v) || v < (double)low || v > (double)high) {
    fail(s, "an integer out of range");
    return low;
  }
  return (long)v;
}

static void skip_value(Scanner* s, int depth) {
  const char *b, *e;
  skip_space(s);
  if (depth > 64) return fail(s, "values nested too deep");
  char c = *s->p;
  if (c == '"') return scan_string(s, &b, &e);
  if (c == '{' || c == '[') {
    ++s->p;
    char close = c == '{' ? '}' : ']';
    if (accept(s, close)) return;
    do {
      if (c == '{') {
        scan_string(s, &b, &e);
        if (!accept(s, ':')) return fail(s, "expected ':'");
      }
      skip_value(s, depth + 1);
    } while (!s->error && accept(s, ','));
    if (!accept(s, close)) fail(s, "expected ',' or the end of a list or object");
    return;
  }
  if (!strncmp(s->p, "true", 4) || !strncmp(s->p, "null", 4))
    s->p += 4;
  else if (!strncmp(s->p, "false", 5))
    s->p += 5;
  else
    scan_number(s);
}

/* Calls field(s, key, length, target) for each member of an object, which must consume the
 * member's value. */
typedef void (*FieldFn)(Scanner*, const char*, size_t, void*);

static void scan_object(Scanner* s, FieldFn field, void* target) {
  const char *b, *e;
  if (!accept(s, '{')) return fail(s, "expected an object");
  if (accept(s, '}')) return;
  do {
    scan_string(s, &b, &e);
    if (!accept(s, ':')) return fail(s, "expected ':'");
    if (!s->error) field(s, b, (size_t)(e - b), target);
  } while (!s->error && accept(s, ','));
  if (!accept(s, '}')) fail(s, "expected ',' or '}'");
}

static int is_key(const char* key, size_t n, const char* name) {
  return strlen(name) == n && !strncmp(key, name, n);
}

static void task_field(Scanner* s, const char* key, size_t n, void* target) {
  Task* t = target;
  if (is_key(key, n, "start"))
    t->start = scan_number(s);
  else if (is_key(key, n, "finish"))
    t->finish = scan_number(s);
  else if (is_key(key, n, "release"))
    t->release = scan_number(s);
  else if (is_key(key, n, "predecessor"))
    t->predecessor = scan_integer(s, -1, 1000000000);
  else
    skip_value(s, 1);
}

static void message_field(Scanner* s, const char* key, size_t n, void* target) {
  Message* m = target;
  const char *b, *e;
  if (is_key(key, n, "type")) {
    scan_string(s, &b, &e);
    size_t len = (size_t)(e - b) < sizeof m->type ? (size_t)(e - b) : sizeof m->type - 1;
    memcpy(m->type, b, len);
    m->type[len] = '\0';
  } else if (is_key(key, n, "resources")) {
    m->resources = scan_integer(s, 1, kMaxResources);
  } else if (is_key(key, n, "period_start")) {
    m->period_start = scan_number(s);
  } else if (is_key(key, n, "busy_until") || is_key(key, n, "tasks")) {
    int tasks = key[0] == 't';
    if (!accept(s, '[')) return fail(s, "expected a list");
    if (accept(s, ']')) return;
    do {
      if (tasks) {
        m->tasks = grow(m->tasks, m->task_count, &m->task_capacity, sizeof *m->tasks);
        Task t = {0, 0, 0, -1};
        scan_object(s, task_field, &t);
        m->tasks[m->task_count++] = t;
      } else {
        m->busy = grow(m->busy, m->busy_count, &m->busy_capacity, sizeof *m->busy);
        m->busy[m->busy_count++] = scan_number(s);
      }
    } while (!s->error && accept(s, ','));
    if (!accept(s, ']')) fail(s, "expected ',' or ']'");
  } else {
    skip_value(s, 1);
  }
}

/* The schedule described above, written as the answer; NULL, or what makes it impossible. */
static const char* schedule(const Message* m, FILE* out) {
  size_t n = m->task_count, R = (size_t)m->resources;
  if (m->resources < 1) return "no resources given";
  if (m->busy_count && m->busy_count != R) return "busy_until does not have one time per resource";
  for (size_t i = 0; i < n; ++i)
    if (m->tasks[i].predecessor >= (long)n) return "a predecessor out of range";
  double *busy = malloc(R * sizeof *busy), *start = malloc((n + 1) * sizeof *start);
  long* resource = malloc((n + 1) * sizeof *resource);
  for (size_t r = 0; r < R; ++r) busy[r] = m->busy_count ? m->busy[r] : m->period_start;
  for (size_t i = 0; i < n; ++i) resource[i] = -1;
  const char* error = NULL;
  for (size_t placed = 0; placed < n && !error; ++placed) {
    long best = -1;
    double best_ready = 0;
    for (size_t i = 0; i < n; ++i) {
      const Task* t = &m->tasks[i];
      if (resource[i] >= 0 || (t->predecessor >= 0 && resource[t->predecessor] < 0)) continue;
      double ready = t->release > t->start ? t->release : t->start;
      if (t->predecessor >= 0) {
        const Task* p = &m->tasks[t->predecessor];
        double done = start[t->predecessor] + (p->finish - p->start);
        if (done > ready) ready = done;
      }
      if (best < 0 || ready < best_ready) best = (long)i, best_ready = ready;
    }
    if (best < 0) {
      error = "predecessors form a cycle";
      break;
    }
    size_t r = 0;
    for (size_t k = 1; k < R; ++k)
      if (busy[k] < busy[r]) r = k;
    const Task* t = &m->tasks[best];
    start[best] = best_ready > busy[r] ? best_ready : busy[r];
    resource[best] = (long)r;
    busy[r] = start[best] + (t->finish - t->start);
  }
  if (!error) {
    fputs("{\"resource\":[", out);
    for (size_t i = 0; i < n; ++i) fprintf(out, "%s%ld", i ? "," : "", resource[i]);
    fputs("],\"start\":[", out);
    for (size_t i = 0; i < n; ++i) fprintf(out, "%s%.17g", i ? "," : "", start[i]);
    fputs("]}\n", out);
  }
  free(busy);
  free(start);
  free(resource);
  return error;
}

int main(void) {
  char* line = NULL;
  size_t capacity = 0;
  while (getline(&line, &capacity, stdin) > 0) {
    Message m = {0, 0, NULL, 0, 0, NULL, 0, 0, ""};
    Scanner s = {line, NULL};
    skip_space(&s);
    if (!*s.p) continue; /* a blank line asks nothing */
    scan_object(&s, message_field, &m);
    const char* error = s.error;
    if (!error && !strcmp(m.type, "end")) break;
    if (!error && !strcmp(m.type, "hello"))
      printf("{\"protocol\":1}\n");
    else if (!error && !strcmp(m.type, "schedule"))
      error = schedule(&m, stdout);
    else if (!error)
      error = "an interval scheduler answers only hello, schedule and end";
    if (error) printf("{\"error\":\"earliest_free: %s\"}\n", error);
    fflush(stdout);
    free(m.busy);
    free(m.tasks);
  }
  free(line);
  return 0;
}
