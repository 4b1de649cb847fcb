package dev.holdfast.app.agenthooks;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines that differ between two texts, as {@code + added} and {@code - removed} with a few unchanged lines
 * around each change ({@code   kept}), for showing a person what an edit does before it is made. Pure.
 */
final class LineDiff {
    private LineDiff() {
    }

    static List<String> of(List<String> before, List<String> after, int context) {
        int n = before.size();
        int m = after.size();
        // Longest common subsequence, from the end: settings files are small.
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = before.get(i).equals(after.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<String> all = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && before.get(i).equals(after.get(j))) {
                all.add("  " + before.get(i++));
                j++;
            } else if (j < m && (i == n || common[i][j + 1] >= common[i + 1][j])) {
                all.add("+ " + after.get(j++));
            } else {
                all.add("- " + before.get(i++));
            }
        }
        List<String> shown = new ArrayList<>();
        int lastShown = -1;
        for (int k = 0; k < all.size(); k++) {
            boolean near = false;
            for (int d = Math.max(0, k - context); d <= Math.min(all.size() - 1, k + context); d++) {
                if (!all.get(d).startsWith("  ")) {
                    near = true;
                    break;
                }
            }
            if (near) {
                if (lastShown >= 0 && k > lastShown + 1) {
                    shown.add("  …");
                }
                shown.add(all.get(k));
                lastShown = k;
            }
        }
        return shown;
    }
}
