# Holdfast shell integration for fish: OSC 133 prompt and command marks, OSC 7 working directory.
#
# Holdfast puts this file's data directory first in XDG_DATA_DIRS, so fish reads it from vendor_conf.d before
# the user's config.fish. It puts XDG_DATA_DIRS back as it was and adds event handlers; the user's own
# configuration runs as always. Turn it off with "shellIntegration": false in Holdfast's settings.json.

if set -q HOLDFAST_FISH_XDG_DATA_DIRS
    set -gx XDG_DATA_DIRS $HOLDFAST_FISH_XDG_DATA_DIRS
    set -e HOLDFAST_FISH_XDG_DATA_DIRS
else
    set -e XDG_DATA_DIRS
end

if status is-interactive; and not set -q __holdfast_loaded
    set -g __holdfast_loaded 1
    set -g __holdfast_command_ran 0

    function __holdfast_preexec --on-event fish_preexec
        set -g __holdfast_command_ran 1
        printf '\e]133;C;cmdline_url=%s\a' (string escape --style=url -- (string sub -l 1000 -- "$argv[1]"))
    end

    function __holdfast_postexec --on-event fish_postexec
        set -l ret $status
        if test $__holdfast_command_ran = 1
            printf '\e]133;D;%s\a' $ret
            set -g __holdfast_command_ran 0
        end
    end

    function __holdfast_prompt --on-event fish_prompt
        printf '\e]7;file://%s%s\a' (prompt_hostname) (string escape --style=url -- $PWD)
        printf '\e]133;A\a'
    end
end
