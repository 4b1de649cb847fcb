package dev.holdfast.app.sidebar;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How the sidebar and {@code holdfast ctl cards} word a time. Pure. */
public final class RelativeTime {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM HH:mm", Locale.ROOT);

    private RelativeTime() {
    }

    /** "just now", "42 s ago", "3 min ago", "5 h ago", "12 d ago". A time after {@code now} is "just now". */
    public static String ago(Instant at, Instant now) {
        long s = Duration.between(at, now).toSeconds();
        if (s < 10) {
            return "just now";
        }
        if (s < 60) {
            return s + " s ago";
        }
        if (s < 3600) {
            return (s / 60) + " min ago";
        }
        if (s < 86_400) {
            return (s / 3600) + " h ago";
        }
        return (s / 86_400) + " d ago";
    }

    /**
     * The first moment after {@code now} at which {@link #ago} words {@code at} differently: "42 s ago" changes at
     * the next second, "3 min ago" at the next minute boundary counted from {@code at}, "just now" when it turns
     * 10 s old. A sidebar that ticks only then does no work while nothing it shows can change.
     */
    public static Instant nextChange(Instant at, Instant now) {
        long s = Duration.between(at, now).toSeconds();
        long unit;
        if (s < 10) {
            return at.plusSeconds(10);
        } else if (s < 60) {
            unit = 1;
        } else if (s < 3600) {
            unit = 60;
        } else if (s < 86_400) {
            unit = 3600;
        } else {
            unit = 86_400;
        }
        return at.plusSeconds((s / unit + 1) * unit);
    }

    /** The moment as a clock time today ("14:03"), else with its day ("3 Mar 14:03"). */
    public static String clock(Instant at, Instant now, ZoneId zone) {
        ZonedDateTime time = at.atZone(zone);
        LocalDate today = now.atZone(zone).toLocalDate();
        return time.toLocalDate().equals(today) ? CLOCK.format(time) : DAY.format(time);
    }

    /** How long, in the largest two units: "45 s", "3 min 5 s", "2 h 4 min", "3 d 2 h". */
    public static String duration(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        }
        if (s < 86_400) {
            return (s / 3600) + " h" + ((s % 3600) / 60 == 0 ? "" : " " + (s % 3600) / 60 + " min");
        }
        return (s / 86_400) + " d" + ((s % 86_400) / 3600 == 0 ? "" : " " + (s % 86_400) / 3600 + " h");
    }
}
