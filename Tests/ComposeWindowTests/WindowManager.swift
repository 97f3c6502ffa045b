import CPlaceholderGtk3
import CPlaceholderGtk3X11  // Xlib: the client message a window manager sends
import Foundation

/// What a window manager does when the title bar's close button is clicked: a WM_DELETE_WINDOW
/// client message (ICCCM). No window manager runs under Xvfb, so the test sends it itself.
enum WindowManager {
    static func requestClose(windowID: String) -> Bool {
        guard let window = UInt(windowID), let display = XOpenDisplay(nil) else { return false }
        defer { XCloseDisplay(display) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        let sent = XSendEvent(display, Window(window), 0, NoEventMask, &event)
        XFlush(display)
        return sent != 0
    }
}
