#!/usr/bin/env bash
# Times a command's output through the terminal this runs in: timed.sh RESULT_FILE COMMAND [ARGS...]
#
# Notes the time, runs the command, then asks the terminal where its cursor is (ESC[6n). A terminal answers
# only after it has processed everything before the question, so the second time is when the terminal, not
# the pipe, is done. Writes "start end" (seconds since the epoch) to RESULT_FILE.
result="$1"
shift
start=$EPOCHREALTIME
"$@"
IFS=';' read -rs -d R -t 900 -p $'\e[6n' _ _
end=$EPOCHREALTIME
echo "$start $end" > "$result.tmp" && mv "$result.tmp" "$result"
