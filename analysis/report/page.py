"""The HTML page of a report (docs/guide/report.md): one self-contained file, its figures inline
SVG (matplotlib's, rendered here, or the hand-written Gantt charts of gantt.py), a small inline
script that links the bars of one request, nothing fetched from outside and no timestamp, so the
same folder gives the same bytes."""
import html
import io
import re

CSS = """
body{font-family:sans-serif;margin:1.5em;max-width:1200px;color:#222}
h1{font-size:1.4em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:1.6em}
h3{font-size:1.05em}table{border-collapse:collapse;font-size:.9em}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
.note{color:#555;font-size:.9em}.cell{display:inline-block;vertical-align:top;margin-right:1em}
#info{position:sticky;top:0;background:#fffbe6;border:1px solid #e6d98c;padding:4px 8px;
 min-height:1.3em;z-index:1;font-size:.9em}
svg.gantt text{font-size:11px;font-family:sans-serif}
svg.gantt .bar{stroke:#fff;stroke-width:.3}
svg.gantt .axis{stroke:#999;stroke-width:.5}
svg.gantt .lane{fill:#f6f6f6}
svg.gantt .wait{stroke:#c33;stroke-width:1}
svg.gantt .occupancy{fill:#4a7fb5;fill-opacity:.8}
svg.gantt .used{fill:none;stroke:#000;stroke-width:1}
.sel svg.gantt .bar{opacity:.12}
.sel svg.gantt .bar.hl{opacity:1;stroke:#000;stroke-width:1}
"""

# Hovering or clicking a bar highlights every bar of its request (data-req) in every chart and
# names the request and its resources; the box under the title finds a request by id.
SCRIPT = """
(function(){
var info=document.getElementById('info');
if(!info)return;
function select(req){
 document.querySelectorAll('.hl').forEach(function(x){x.classList.remove('hl');});
 document.body.classList.toggle('sel',req!==null);
 if(req===null){info.textContent='Hover or click a bar to highlight its '+info.dataset.what+'.';return;}
 var els=document.querySelectorAll('[data-req="'+req+'"]'),res=[];
 els.forEach(function(x){x.classList.add('hl');if(res.indexOf(x.dataset.res)<0)res.push(x.dataset.res);});
 info.textContent=els.length?(info.dataset.what+' '+req+': '+els.length+' bars on '+res.join(', '))
  :(info.dataset.what+' '+req+': no bar drawn');
}
var pinned=null;
document.addEventListener('mouseover',function(e){
 var el=e.target.closest?e.target.closest('[data-req]'):null;
 if(pinned===null)select(el?el.dataset.req:null);});
document.addEventListener('click',function(e){
 var el=e.target.closest?e.target.closest('[data-req]'):null;
 pinned=el?el.dataset.req:null;select(pinned);});
var find=document.getElementById('find');
if(find)find.addEventListener('change',function(){pinned=find.value.trim()||null;select(pinned);});
// page.html#req=ID opens with that request selected (a link to it; the browser test uses it).
var m=/^#req=(.+)$/.exec(location.hash);
pinned=m?decodeURIComponent(m[1]):null;select(pinned);
})();
"""


def esc(text):
    return html.escape(str(text), quote=True)


class Page:
    """A report page: a title, then sections of HTML pieces, written by `html()`."""

    def __init__(self, title, what="request"):
        self.title = title
        self.what = what
        self.parts = []

    def heading(self, text, level=2):
        self.parts.append(f"<h{level}>{esc(text)}</h{level}>")

    def note(self, text):
        self.parts.append(f'<p class="note">{esc(text)}</p>')

    def raw(self, fragment):
        self.parts.append(fragment)

    def table(self, rows, header=None):
        head = "".join(f"<th>{esc(h)}</th>" for h in header) if header else ""
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
        self.parts.append(f"<table>{'<tr>' + head + '</tr>' if head else ''}{body}</table>")

    def figure(self, draw, size=(10, 3.2), title=None):
        """A matplotlib figure drawn by draw(fig), inline as SVG; with a title, a cell of a grid
        (figures side by side)."""
        svg = figure_svg(draw, size)
        self.parts.append(f'<div class="cell"><h3>{esc(title)}</h3>{svg}</div>' if title else svg)

    def html(self):
        find = (f'<p>Find a {esc(self.what)}: <input id="find" size="8"></p>'
                if self.what else "")
        return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{esc(self.title)}</title><style>{CSS}</style></head>\n<body>"
                f"<h1>{esc(self.title)}</h1>{find}"
                + (f'<div id="info" data-what="{esc(self.what)}"></div>\n' if self.what else "")
                + "\n".join(self.parts) + f"\n<script>{SCRIPT}</script></body></html>\n")


def figure_svg(draw, size):
    """The SVG of a matplotlib figure without its XML prologue. The SVG backend is chosen here, on
    a Figure of its own (analysis/common.py: no pyplot state); the hash salt and an empty date keep ids and bytes
    stable, and text stays text (no font is embedded or fetched)."""
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    from ..common import new_figure

    with matplotlib.rc_context({"svg.hashsalt": "arsim-report", "svg.fonttype": "none",
                                "font.size": 9, "axes.grid": True, "grid.alpha": 0.3}):
        fig = new_figure(figsize=size)
        FigureCanvasSVG(fig)
        draw(fig)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", bbox_inches="tight",
                    metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>", "", text, count=1, flags=re.S)  # RDF, no content
    return text[text.index("<svg"):]
