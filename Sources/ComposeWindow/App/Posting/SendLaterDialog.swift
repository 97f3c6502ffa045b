import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// "Send later": a day on GtkCalendar (the locale's month names and first weekday; arrows move
/// the day, Page Up and Down the month) and a time on two spin buttons, with a line that says in
/// the locale's words when the post will go. The keyboard alone does it all: the hour has the
/// focus, Tab goes on to the minute, the calendar and the buttons, and Enter schedules. A time
/// past or more than a year ahead is refused with the reason, the dialog kept open.
@MainActor
enum SendLaterDialog {
    /// `postAtOnce`: the post has a time already, and this button takes it away (Send posts now).
    /// `preferences`: where the choice to let Mastodon keep the post is kept, when it goes there.
    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, suggested: Int64, postAtOnce: (@MainActor () -> Void)?,
        preferences: Preferences?, completion: @escaping @MainActor (Int64?) -> Void
    ) {
        let dialog = newObject(gtk_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_title(dialog.cast(), localized("Send later"))
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        gtk_dialog_add_button(dialog.cast(), localized("_Cancel"), gint(GTK_RESPONSE_CANCEL.rawValue))
        if let postAtOnce {
            let atOnce: gint = 1
            gtk_dialog_add_button(dialog.cast(), localized("Post _at once"), atOnce)
            Signal.connect(dialog, "response", withInt: { response in if response == atOnce { postAtOnce() } })
        }
        let schedule = gtk_dialog_add_button(dialog.cast(), localized("_Schedule"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(schedule), "suggested-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_OK.rawValue))

        let fields = Fields(suggested: suggested)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(column.cast(), 12)
        gtk_box_pack_start(column.cast(), fields.clockRow, 0, 0, 0)
        gtk_box_pack_start(column.cast(), fields.calendar, 0, 0, 0)
        gtk_box_pack_start(column.cast(), fields.summary, 0, 0, 0)
        let keep = gtk_check_button_new_with_mnemonic(
            localized("Let _Mastodon keep it (posted with this computer off)"))!
        gtk_widget_set_tooltip_text(
            keep,
            localized(
                "Mastodon posts it at its time. Off, or less than six minutes ahead, or a thread: it waits on this computer."
            ))
        if preferences?.bind("mastodon-keeps-scheduled", to: keep, property: "active") == true {
            gtk_box_pack_start(column.cast(), keep, 0, 0, 0)
        } else {
            g_object_ref_sink(keep)
            g_object_unref(keep)
        }
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), column, 1, 1, 0)
        gtk_widget_show_all(column)
        fields.showSummary()
        gtk_widget_grab_focus(fields.hour)

        DialogAnswer.ask(
            dialog,
            check: { () -> Int64? in
                let now = Poster.now
                guard let time = fields.time else { return nil }
                switch ScheduleTime.problem(time, now: now) {
                case nil: return time
                case .past?: fields.refuse(localized("That time has passed: choose a later one."))
                case .tooFar?: fields.refuse(localized("That is more than a year ahead: choose an earlier time."))
                }
                return nil
            }, completion: completion)
    }

    /// The dialog's widgets and what they say together.
    @MainActor
    private final class Fields {
        let calendar = gtk_calendar_new()!
        let hour = gtk_spin_button_new_with_range(0, 23, 1)!
        let minute = gtk_spin_button_new_with_range(0, 59, 1)!
        let clockRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let summary = gtk_label_new(nil)!

        init(suggested: Int64) {
            let shown = g_date_time_new_from_unix_local(gint64(suggested))
            defer { if let shown { g_date_time_unref(shown) } }
            if let shown {
                gtk_calendar_select_month(
                    calendar.cast(), guint(g_date_time_get_month(shown) - 1), guint(g_date_time_get_year(shown)))
                gtk_calendar_select_day(calendar.cast(), guint(g_date_time_get_day_of_month(shown)))
                gtk_spin_button_set_value(hour.cast(), Double(g_date_time_get_hour(shown)))
                gtk_spin_button_set_value(minute.cast(), Double(g_date_time_get_minute(shown)))
            }
            let label = gtk_label_new_with_mnemonic(localized("_Time:"))!
            gtk_label_set_mnemonic_widget(label.cast(), hour)
            let separator = gtk_label_new(":")!
            for spin in [hour, minute] {
                gtk_spin_button_set_wrap(spin.cast(), 1)
                gtk_spin_button_set_numeric(spin.cast(), 1)
                gtk_entry_set_width_chars(spin.cast(), 2)
                gtk_entry_set_activates_default(spin.cast(), 1)
                Signal.connect(spin, "value-changed") { [weak self] in self?.showSummary() }
            }
            atk_object_set_name(gtk_widget_get_accessible(hour), localized("Hour"))
            atk_object_set_name(gtk_widget_get_accessible(minute), localized("Minute"))
            atk_object_set_name(gtk_widget_get_accessible(calendar), localized("Day"))
            for widget in [label, hour, separator, minute] { gtk_box_pack_start(clockRow.cast(), widget, 0, 0, 0) }
            for signal in ["day-selected", "month-changed"] {
                Signal.connect(calendar, signal) { [weak self] in self?.showSummary() }
            }
            gtk_label_set_xalign(summary.cast(), 0)
            gtk_label_set_line_wrap(summary.cast(), 1)
        }

        /// The chosen day and time, in seconds since the epoch (nil: none such, as 31 April).
        var time: Int64? {
            var year: guint = 0
            var month: guint = 0
            var day: guint = 0
            gtk_calendar_get_date(calendar.cast(), &year, &month, &day)
            return ScheduleTime.local(
                year: Int(year), month: Int(month) + 1, day: Int(day),
                hour: Int(gtk_spin_button_get_value_as_int(hour.cast())),
                minute: Int(gtk_spin_button_get_value_as_int(minute.cast())))
        }

        /// "Posts on Sunday 06/12/26 09:00", in the locale's words; or what is wrong with it.
        func showSummary() {
            gtk_style_context_remove_class(gtk_widget_get_style_context(summary), "error")
            guard let time else { return refuse(localized("There is no such day.")) }
            gtk_label_set_text(summary.cast(), localized("Posts on {0}.", TimeWords.dayAndTime(time)))
        }

        func refuse(_ reason: String) {
            gtk_label_set_text(summary.cast(), reason)
            gtk_style_context_add_class(gtk_widget_get_style_context(summary), "error")
            gtk_widget_grab_focus(hour)
        }
    }
}
