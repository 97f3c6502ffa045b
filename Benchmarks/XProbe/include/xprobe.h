// PlaceholderXProbe: measures a GTK program from outside, as a person's input reaches it — X events in,
// MapNotify and XDamage out, CPU time and memory from /proc. Bench-only (placeholder-bench).
#ifndef XPROBE_H
#define XPROBE_H

#include <sys/types.h>

typedef struct {
    pid_t pid;
    unsigned long window;   // the first mapped toplevel
    double mapped_ms;       // exec → its MapNotify
    double first_frame_ms;  // exec → the first drawing into it (XDamage)
    long resident_kb;       // VmRSS when it first drew
    double cpu_ms;          // its CPU time when it first drew (all threads)
} xprobe_launch_result;

typedef struct {
    double cpu_seconds;      // process CPU time from the first key to `tail_ms` after the last
    long resident_kb;        // VmRSS after that
    int unanswered;          // keys whose frame did not come within a second
} xprobe_typing_result;

/// Opens the display named by DISPLAY; 0 when there is none.
int xprobe_open(void);
void xprobe_close_display(void);

/// Starts `argv` (environment `envp`, standard input from `stdin_path`, output discarded) and waits
/// up to `timeout_s` for its first toplevel to map and draw. 0 on success.
int xprobe_launch(char *const argv[], char *const envp[], const char *stdin_path, double timeout_s,
                  xprobe_launch_result *out);

/// Waits until the process has used less than `quiet_cpu_ms` of CPU over `window_ms` (GtkTextView
/// validates long text in idle handlers after the first frame). Returns the CPU seconds it spent
/// meanwhile, or -1 after `timeout_s`.
double xprobe_settle(pid_t pid, double window_ms, double quiet_cpu_ms, double timeout_s);

/// Presses Control+End in the window (the caret to the end, where a person goes on typing).
void xprobe_control_end(unsigned long window);

/// Types `text` (lower-case ASCII letters and spaces) into the window, one key every `interval_ms`,
/// writing each key's latency to the next frame into `latencies_ms` (NAN when none came).
int xprobe_type(pid_t pid, unsigned long window, const char *text, double interval_ms, double tail_ms,
                double *latencies_ms, xprobe_typing_result *out);

/// The process's CPU time so far (all threads), in seconds.
double xprobe_cpu_seconds(pid_t pid);
long xprobe_resident_kb(pid_t pid);

/// SIGTERM, then SIGKILL after a second; reaps it.
void xprobe_stop(pid_t pid);

#endif
