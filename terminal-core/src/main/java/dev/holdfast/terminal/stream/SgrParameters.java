package dev.holdfast.terminal.stream;

/**
 * Rewrites the parameters of an SGR sequence ({@code ESC [ params m}) into the form jeditermfx-core 1.0.0
 * parses the way the standard means them.
 *
 * <p>Why: the library reads a colon as an unknown character. It keeps accumulating the digits on both sides
 * into one number and then prints the colon as text, so {@code ESC[4:3m} (curly underline) becomes a colon on
 * screen and SGR 43 (yellow background), and {@code ESC[38:2::255:0:0m} becomes a huge overflowed number. It
 * also skips empty parameters ({@code ESC[;1m} should reset, then bold), reads past-range numbers as whatever
 * they overflow to, misreads the arguments of an extended colour it rejects ({@code 38;2;300;0;0} turns into
 * dim and reset), and treats the arguments of SGR 58 (underline colour) as codes of their own. Codes it does
 * not implement (9 strikethrough, 53 overline, …) it skips, logging a warning for each.
 *
 * <p>The rewrite, in ECMA-48 / ITU T.416 terms: an empty parameter or sub-parameter is 0; {@code 4:0} is
 * {@code 24}; {@code 4:1} to {@code 4:5} (straight, double, curly, dotted, dashed underline) and {@code 21}
 * (double underline) are {@code 4}; {@code 38}/{@code 48} with {@code :5:n}, {@code :2:r:g:b} or
 * {@code :2:colourspace:r:g:b} become their semicolon forms; extended colours out of range are dropped with
 * their arguments; {@code 58} is dropped with its arguments; every code the library does not implement is
 * dropped. Everything else is kept, in order.
 */
final class SgrParameters {
    private static final String UNCHANGED = null;
    /** The rewritten list is empty although the original was not: the whole sequence is to be dropped. */
    static final String DROP = "";

    // The largest value any kept SGR parameter can have; anything above is dropped.
    private static final int MAX_VALUE = 9_999;

    private SgrParameters() {
    }

    /**
     * @param params the characters between {@code ESC [} and {@code m}: digits, {@code ;} and {@code :} only
     * @return {@code null} when the library already reads {@code params} right; {@link #DROP} when nothing
     *     of the sequence should reach the library; otherwise the parameters to send instead
     */
    static String rewrite(CharSequence params) {
        if (params.length() == 0 || readsRight(params)) {
            return UNCHANGED;
        }
        String[] list = split(params, ';');
        StringBuilder out = new StringBuilder(params.length() + 8);
        int i = 0;
        while (i < list.length) {
            String param = list[i];
            if (param.indexOf(':') >= 0) {
                rewriteSubParameters(param.split(":", -1), out);
                i++;
                continue;
            }
            int code = value(param);
            if (code == 38 || code == 48 || code == 58) {
                i = extendedColour(code, list, i, out);
                continue;
            }
            int kept = supported(code);
            if (kept >= 0) {
                append(out, kept);
            }
            i++;
        }
        if (out.length() == 0) {
            return DROP;
        }
        // 256-colour and truecolour SGRs in semicolon form usually come out as they went in.
        return out.length() == params.length() && out.toString().contentEquals(params) ? UNCHANGED : out.toString();
    }

    /**
     * True when every parameter is a non-empty number the library supports as is, extended colours complete
     * and in range: the common case, which then costs one scan and no allocation.
     */
    private static boolean readsRight(CharSequence params) {
        // What the next parameter must be: a code (0), a colour model after 38/48 (-1), or one of the
        // remaining colour components (> 0).
        int expect = 0;
        int value = 0;
        int digits = 0;
        for (int i = 0; i <= params.length(); i++) {
            char c = i < params.length() ? params.charAt(i) : ';';
            if (c >= '0' && c <= '9') {
                if (++digits > 4) {
                    return false;
                }
                value = value * 10 + (c - '0');
                continue;
            }
            if (c != ';' || digits == 0) {
                return false;
            }
            if (expect == -1) {
                if (value == 5) {
                    expect = 1;
                } else if (value == 2) {
                    expect = 3;
                } else {
                    return false;
                }
            } else if (expect > 0) {
                if (!byteValue(value)) {
                    return false;
                }
                expect--;
            } else if (value == 38 || value == 48) {
                expect = -1;
            } else if (supported(value) != value) {
                return false;
            }
            value = 0;
            digits = 0;
        }
        return expect == 0;
    }

    /** The code the library should see for {@code code}, or -1 to drop it. */
    private static int supported(int code) {
        if (code == 21) {
            return 4;
        }
        boolean known = code >= 0 && code <= 8
                || code >= 22 && code <= 25
                || code == 27 || code == 28
                || code >= 30 && code <= 37 || code == 39
                || code >= 40 && code <= 47 || code == 49
                || code >= 90 && code <= 97
                || code >= 100 && code <= 107;
        return known ? code : -1;
    }

    private static void rewriteSubParameters(String[] subs, StringBuilder out) {
        int code = value(subs[0]);
        switch (code) {
            case 4 -> {
                int style = subs.length > 1 ? value(subs[1]) : 0;
                if (style == 0) {
                    append(out, 24);
                } else if (style >= 1 && style <= 5) {
                    append(out, 4);
                }
            }
            case 38, 48 -> {
                int type = subs.length > 1 ? value(subs[1]) : -1;
                if (type == 5 && subs.length > 2) {
                    int index = value(subs[2]);
                    if (byteValue(index)) {
                        append(out, code, 5, index);
                    }
                } else if (type == 2 && subs.length >= 5) {
                    // 38:2:r:g:b (the common short form) or 38:2:colourspace:r:g:b[:…] (ITU T.416).
                    int first = subs.length == 5 ? 2 : 3;
                    int r = value(subs[first]);
                    int g = value(subs[first + 1]);
                    int b = value(subs[first + 2]);
                    if (byteValue(r) && byteValue(g) && byteValue(b)) {
                        append(out, code, 2, r, g, b);
                    }
                }
            }
            default -> {
                // 58:… (underline colour) and sub-parameters of any other code: nothing the library can show.
            }
        }
    }

    /**
     * Handles a semicolon-form extended colour starting at {@code list[at]}: {@code 38;5;n} or
     * {@code 38;2;r;g;b}. Keeps it only when complete and in range, and never for 58. Returns the index after
     * its arguments, so they are never read as codes of their own.
     */
    private static int extendedColour(int code, String[] list, int at, StringBuilder out) {
        if (at + 1 >= list.length) {
            return list.length;
        }
        int type = plainValue(list[at + 1]);
        if (type == 5) {
            if (at + 2 >= list.length) {
                return list.length;
            }
            int index = plainValue(list[at + 2]);
            if (code != 58 && byteValue(index)) {
                append(out, code, 5, index);
            }
            return at + 3;
        }
        if (type == 2) {
            if (at + 4 >= list.length) {
                return list.length;
            }
            int r = plainValue(list[at + 2]);
            int g = plainValue(list[at + 3]);
            int b = plainValue(list[at + 4]);
            if (code != 58 && byteValue(r) && byteValue(g) && byteValue(b)) {
                append(out, code, 2, r, g, b);
            }
            return at + 5;
        }
        // An unknown colour model: drop the code and the model, keep reading after them.
        return at + 2;
    }

    private static boolean byteValue(int value) {
        return value >= 0 && value <= 255;
    }

    /** A parameter's value: empty is 0, too long or not a number is -1. */
    private static int value(String digits) {
        if (digits.isEmpty()) {
            return 0;
        }
        if (digits.length() > 4) {
            // Leading zeros aside, nothing this long is a valid SGR value; never let it overflow into one.
            String trimmed = digits.replaceFirst("^0+(?=.)", "");
            if (trimmed.length() > 4) {
                return -1;
            }
            digits = trimmed;
        }
        int value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value > MAX_VALUE ? -1 : value;
    }

    /** Like {@link #value} but a parameter with sub-parameters is no plain number. */
    private static int plainValue(String param) {
        return param.indexOf(':') >= 0 ? -1 : value(param);
    }

    private static void append(StringBuilder out, int... values) {
        for (int value : values) {
            if (out.length() > 0) {
                out.append(';');
            }
            out.append(value);
        }
    }

    private static String[] split(CharSequence params, char separator) {
        int count = 1;
        for (int i = 0; i < params.length(); i++) {
            if (params.charAt(i) == separator) {
                count++;
            }
        }
        String[] parts = new String[count];
        int part = 0;
        int from = 0;
        for (int i = 0; i <= params.length(); i++) {
            if (i == params.length() || params.charAt(i) == separator) {
                parts[part++] = params.subSequence(from, i).toString();
                from = i + 1;
            }
        }
        return parts;
    }
}
