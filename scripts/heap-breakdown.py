"""make heap-profile: where PlaceholderTextView's memory goes, against the placeholder a C app
hand-rolls (Benchmarks/HandRolled3 and HandRolled4: the same label settings).

    python3 scripts/heap-breakdown.py BENCH-GTK3 BENCH-GTK4 [--widgets N] [--output FILE]

For each toolkit, heaptrack records `--rss-widgets placeholder|control N` (N widgets made, packed and
drawn after a first one was made and removed) for N and 2N widgets, with GLib's slice allocator off
(G_SLICE=always-malloc) so that every GLib allocation is seen as the malloc it is. What is still
allocated when the widgets are on screen, 2N less N, divided by N, is what one widget costs (what
is allocated once, fonts and caches, falls out):

- the heap both hold, and the difference per widget;
- ours by allocation site: the innermost function of this project on the stack (demangled), and what
  it called (a Swift object, GLib's signal machinery, Pango, GTK).

Prints a Markdown report (docs/performance.md quotes it).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

OURS = re.compile(r"^\$s\d+(GtkPlaceholder4?|PlaceholderCore|PlaceholderGObjectGlue|PlaceholderGtk[34]Glue)")


def record(bench, kind, widgets, directory):
    """heaptrack's leaked-memory stacks of one run: [(frames, bytes)]."""
    base = os.path.join(directory, f"{os.path.basename(bench)}-{kind}")
    environment = dict(os.environ, G_SLICE="always-malloc", NO_AT_BRIDGE="1")
    arguments = ["--rss-widgets", kind, str(widgets)]
    base += f"-{widgets}"
    subprocess.run(["heaptrack", "-o", base, bench] + arguments, env=environment, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {}
    for cost_type in ("leaked", "allocations"):
        stacks = f"{base}-{cost_type}.stacks"
        subprocess.run(["heaptrack_print", "-f", base + ".zst", "-F", stacks, "--flamegraph-cost-type", cost_type],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result[cost_type] = []
        with open(stacks) as file:
            for line in file:
                stack, _, cost = line.rstrip("\n").rpartition(" ")
                if stack:
                    result[cost_type].append(([frame.split(" (")[0] for frame in stack.split(";")], int(cost)))
    return result


def demangle(names):
    output = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(names),
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return dict(zip(names, output))


def short(name):
    """`PlaceholderLayout.labelAllocation()` out of a demangled name with its specialisations."""
    name = re.sub(r"^(specialized |partial apply for |closure #\d+ in |static |merged )+", "", name)
    name = re.sub(r"<[^<>]*>", "", name)
    name = re.sub(r"\(.*", "()", name)
    return name.replace(".__allocating_init", ".init")


def callee_kind(frames, index):
    """What the innermost call of ours allocated, by the function it called."""
    callee = frames[index + 1] if index + 1 < len(frames) else ""
    if callee.startswith("swift_") or "_Storage" in callee and callee.startswith("$s"):
        return "Swift object" if "allocObject" in callee or "slowAlloc" in callee or "weak" in callee else "Swift"
    if callee.startswith("$ss"):
        return "Swift collection"
    if callee in ("g_signal_connect_closure_by_id", "g_signal_connect_data", "g_closure_new_simple",
                  "g_closure_add_invalidate_notifier", "g_cclosure_new"):
        return "GLib signal handler"
    if callee.startswith("pango_attr") or callee.startswith("pango_font_description") or callee == "g_value_set_boxed":
        return "Pango attributes"
    if callee.startswith("pango_layout") or callee.startswith("pango_context"):
        return "Pango layout"
    return "GTK"


def breakdown(stacks, widgets):
    sites = collections.Counter()
    for frames, cost in stacks:
        ours = [index for index, frame in enumerate(frames) if OURS.match(frame)]
        if ours:
            sites[(frames[ours[-1]], callee_kind(frames, ours[-1]))] += cost
    names = demangle(sorted({site for site, _ in sites}))
    merged = collections.Counter()
    for (site, kind), cost in sites.items():
        merged[(short(names.get(site, site)), kind)] += cost
    return merged


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("benches", nargs=2, help="placeholder-bench and placeholder-bench-gtk4")
    parser.add_argument("--widgets", type=int, default=1000)
    parser.add_argument("--output")
    arguments = parser.parse_args()
    lines = []
    with tempfile.TemporaryDirectory() as directory:
        for toolkit, bench in zip(["GTK 3", "GTK 4"], arguments.benches):
            n = arguments.widgets
            runs = {(kind, count): record(bench, kind, count, directory)
                    for kind in ("placeholder", "control") for count in (n, 2 * n)}
            totals = {key: sum(cost for _, cost in stacks["leaked"]) for key, stacks in runs.items()}
            per_widget = ((totals["placeholder", 2 * n] - totals["placeholder", n])
                          - (totals["control", 2 * n] - totals["control", n])) / n
            sites = breakdown(runs["placeholder", 2 * n]["leaked"], 1) - breakdown(runs["placeholder", n]["leaked"], 1)
            # How many allocations each site made (a Swift object lives as long as its widget): with
            # the bytes, the malloc chunks they take (glibc: size + 8, rounded up to 16, 32 at least).
            counts = (breakdown(runs["placeholder", 2 * n]["allocations"], 1)
                      - breakdown(runs["placeholder", n]["allocations"], 1))
            swift = [(cost / n, counts.get(key, 0) / n) for key, cost in sites.items() if key[1] == "Swift object"]
            swift_bytes = sum(size for size, _ in swift)
            swift_allocations = sum(count for _, count in swift)
            swift_chunks = sum(count * max(32, (size / count + 8 + 15) // 16 * 16) for size, count in swift if count)
            machinery = {key: cost for key, cost in sites.items() if key[1] != "GTK"}
            own = sum(machinery.values()) / n
            total_ours, total_control = totals["placeholder", n], totals["control", n]
            lines += [f"#### {toolkit}: heap in use with {n} widgets (+1 made and removed)", "",
                      f"PlaceholderTextView {total_ours / 1048576:.2f} MB, the control {total_control / 1048576:.2f} MB: "
                      f"**{per_widget:+.0f} bytes a widget** (measured as 2N widgets less N). What only PlaceholderTextView makes, by the innermost "
                      "function of ours on the stack:", "",
                      "| where | what | bytes a widget |", "|---|---|---|"]
            for (site, kind), cost in sorted(machinery.items(), key=lambda item: -item[1]):
                if cost / n >= 1:
                    lines.append(f"| `{site}` | {kind} | {cost / n:.0f} |")
            lines += [f"| **all of it** | | **{own:.0f}** |", "",
                      f"The Swift objects alone: {swift_allocations:.1f} allocations a widget, {swift_bytes:.0f} "
                      f"bytes asked for, **{swift_chunks:.0f} bytes of malloc chunks**.", "",
                      f"The rest, {per_widget - own:+.0f} bytes a widget, is GTK's own: both variants make the same "
                      "widgets (text view, scrolled window, label, overlay), and lay out and draw them in their own "
                      "ways.", ""]
    report = "\n".join(lines)
    print(report)
    if arguments.output:
        with open(arguments.output, "w") as file:
            file.write(report + "\n")


if __name__ == "__main__":
    sys.exit(main())
