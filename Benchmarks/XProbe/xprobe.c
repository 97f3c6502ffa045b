#include "xprobe.h"

#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <X11/keysym.h>
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static Display *display;
static int damage_event_base;

static double now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec * 1e3 + (double)time.tv_nsec / 1e6;
}

static void sleep_ms(double milliseconds) {
    if (milliseconds <= 0) return;
    struct timespec time = {(time_t)(milliseconds / 1e3), (long)(fmod(milliseconds, 1e3) * 1e6)};
    nanosleep(&time, NULL);
}

static int damage_major_opcode;

/// A toplevel that cannot be watched (an InputOnly window has no damage) or is already gone is
/// simply not watched: Xlib's default handler would end the whole process.
static int ignore_unwatchable(Display *errored, XErrorEvent *error) {
    (void)errored;
    if (error->request_code != damage_major_opcode)
        fprintf(stderr, "xprobe: X error %d (request %d)\n", error->error_code, error->request_code);
    return 0;
}

int xprobe_open(void) {
    if (display) return 1;
    display = XOpenDisplay(NULL);
    if (!display) return 0;
    int error_base, major, minor, first_event;
    if (!XDamageQueryExtension(display, &damage_event_base, &error_base) ||
        !XTestQueryExtension(display, &error_base, &error_base, &major, &minor) ||
        !XQueryExtension(display, "DAMAGE", &damage_major_opcode, &first_event, &error_base)) {
        XCloseDisplay(display);
        display = NULL;
        return 0;
    }
    XSetErrorHandler(ignore_unwatchable);
    return 1;
}

void xprobe_close_display(void) {
    if (display) XCloseDisplay(display);
    display = NULL;
}

/// The next X event, waiting until `deadline` (monotonic ms); 0 when none came.
static int next_event(XEvent *event, double deadline) {
    while (!XPending(display)) {
        double left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd descriptor = {ConnectionNumber(display), POLLIN, 0};
        poll(&descriptor, 1, (int)ceil(left));
    }
    XNextEvent(display, event);
    return 1;
}

static int is_damage(const XEvent *event) { return event->type == damage_event_base + XDamageNotify; }

/// Drains damage so that the next event is caused by what happens next.
static void clear_damage(Damage damage) {
    XDamageSubtract(display, damage, None, None);
    XSync(display, False);
    XEvent event;
    while (XPending(display)) XNextEvent(display, &event);
}

double xprobe_cpu_seconds(pid_t pid) {
    // schedstat's first field: nanoseconds on a CPU, per thread (finer than stat's clock ticks).
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = opendir(path);
    if (!tasks) return NAN;
    double total = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks))) {
        if (entry->d_name[0] == '.') continue;
        char file[128];
        snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", (int)pid, entry->d_name);
        FILE *stream = fopen(file, "r");
        if (!stream) continue;
        unsigned long long nanoseconds = 0;
        if (fscanf(stream, "%llu", &nanoseconds) == 1) total += (double)nanoseconds / 1e9;
        fclose(stream);
    }
    closedir(tasks);
    return total;
}

long xprobe_resident_kb(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *stream = fopen(path, "r");
    if (!stream) return -1;
    long kilobytes = -1;
    while (fgets(line, sizeof line, stream))
        if (sscanf(line, "VmRSS: %ld", &kilobytes) == 1) break;
    fclose(stream);
    return kilobytes;
}

// One damage object per toplevel being watched; created when the window is, so no drawing is missed.
static Window watched_window;
static Damage watched_damage;

static void unwatch(void) {
    if (watched_damage) XDamageDestroy(display, watched_damage);
    watched_damage = 0;
    watched_window = 0;
}

int xprobe_launch(char *const argv[], char *const envp[], const char *stdin_path, double timeout_s,
                  xprobe_launch_result *out) {
    memset(out, 0, sizeof *out);
    Window root = DefaultRootWindow(display);
    XSelectInput(display, root, SubstructureNotifyMask);
    XSync(display, False);
    XEvent event;
    while (XPending(display)) XNextEvent(display, &event);
    unwatch();

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, stdin_path ? stdin_path : "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    double start = now_ms();
    pid_t pid;
    int failed = posix_spawn(&pid, argv[0], &actions, NULL, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed) return -1;
    out->pid = pid;

    // Damage objects for every toplevel created; the first one mapped (not override-redirect) is it.
    Window candidates[64];
    Damage damages[64];
    int count = 0;
    double deadline = start + timeout_s * 1e3;
    while (next_event(&event, deadline)) {
        if (event.type == CreateNotify && event.xcreatewindow.parent == root && count < 64) {
            candidates[count] = event.xcreatewindow.window;
            damages[count++] = XDamageCreate(display, event.xcreatewindow.window, XDamageReportNonEmpty);
            XFlush(display);
        } else if (event.type == MapNotify && !event.xmap.override_redirect && !out->window) {
            out->mapped_ms = now_ms() - start;
            out->window = event.xmap.window;
        } else if (is_damage(&event) && out->window &&
                   ((XDamageNotifyEvent *)&event)->drawable == out->window) {
            out->first_frame_ms = now_ms() - start;
            out->resident_kb = xprobe_resident_kb(pid);
            out->cpu_ms = xprobe_cpu_seconds(pid) * 1e3;
            break;
        }
    }
    XSelectInput(display, root, NoEventMask);
    for (int index = 0; index < count; index++) {
        if (candidates[index] == out->window && out->first_frame_ms > 0) {
            watched_window = out->window;
            watched_damage = damages[index];
        } else {
            XDamageDestroy(display, damages[index]);
        }
    }
    XSync(display, False);
    return out->first_frame_ms > 0 ? 0 : -2;
}

double xprobe_settle(pid_t pid, double window_ms, double quiet_cpu_ms, double timeout_s) {
    double start = xprobe_cpu_seconds(pid);
    double deadline = now_ms() + timeout_s * 1e3;
    double previous = start;
    while (now_ms() < deadline) {
        sleep_ms(window_ms);
        double current = xprobe_cpu_seconds(pid);
        if ((current - previous) * 1e3 < quiet_cpu_ms) return current - start;
        previous = current;
    }
    return -1;
}

static void focus(Window window) {
    XSetInputFocus(display, window, RevertToParent, CurrentTime);
    XSync(display, False);
}

static void tap(KeySym symbol) {
    KeyCode code = XKeysymToKeycode(display, symbol);
    XTestFakeKeyEvent(display, code, True, CurrentTime);
    XTestFakeKeyEvent(display, code, False, CurrentTime);
    XFlush(display);
}

void xprobe_control_end(unsigned long window) {
    focus(window);
    KeyCode control = XKeysymToKeycode(display, XK_Control_L);
    XTestFakeKeyEvent(display, control, True, CurrentTime);
    tap(XK_End);
    XTestFakeKeyEvent(display, control, False, CurrentTime);
    XFlush(display);
}

int xprobe_type(pid_t pid, unsigned long window, const char *text, double interval_ms, double tail_ms,
                double *latencies_ms, xprobe_typing_result *out) {
    memset(out, 0, sizeof *out);
    if (window != watched_window || !watched_damage) return -1;
    focus(window);
    clear_damage(watched_damage);
    double cpu_before = xprobe_cpu_seconds(pid);
    for (size_t index = 0; text[index]; index++) {
        KeySym symbol = text[index] == ' ' ? XK_space : (KeySym)(unsigned char)text[index];
        // A later frame of the key before (the counter, the caret) must not pass for this key's.
        clear_damage(watched_damage);
        double sent = now_ms();
        tap(symbol);
        latencies_ms[index] = NAN;
        XEvent event;
        while (next_event(&event, sent + 1000)) {
            if (is_damage(&event)) {
                latencies_ms[index] = now_ms() - sent;
                break;
            }
        }
        if (isnan(latencies_ms[index])) out->unanswered++;
        clear_damage(watched_damage);
        sleep_ms(sent + interval_ms - now_ms());
    }
    sleep_ms(tail_ms);
    out->cpu_seconds = xprobe_cpu_seconds(pid) - cpu_before;
    out->resident_kb = xprobe_resident_kb(pid);
    return 0;
}

void xprobe_stop(pid_t pid) {
    unwatch();
    kill(pid, SIGTERM);
    for (int waited = 0; waited < 100; waited++) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        sleep_ms(10);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}
