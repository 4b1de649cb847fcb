# Holdfast shell integration for bash: OSC 133 prompt and command marks, OSC 7 working directory.
#
# Holdfast starts bash as `bash --rcfile <this file> -i`. An --rcfile replaces ~/.bashrc, and bash reads no
# login files for it, so this file first reads exactly what bash would have read without it, in bash's order;
# then it wraps its hooks around the user's PROMPT_COMMAND, PS0 and PS1 without replacing them. Turn it off
# with "shellIntegration": false in Holdfast's settings.json.

if [[ -n "${HOLDFAST_BASH_LOGIN-}" ]]; then
    builtin unset HOLDFAST_BASH_LOGIN
    # A login shell: /etc/profile, then the first of ~/.bash_profile, ~/.bash_login, ~/.profile (bash(1), INVOCATION).
    if [[ -r /etc/profile ]]; then builtin source /etc/profile; fi
    if [[ -r ~/.bash_profile ]]; then builtin source ~/.bash_profile
    elif [[ -r ~/.bash_login ]]; then builtin source ~/.bash_login
    elif [[ -r ~/.profile ]]; then builtin source ~/.profile
    fi
    # bash refuses `logout` outside a login shell; this one stands for one, so `logout` does what it would.
    logout() {
        if [[ -r /etc/bash.bash_logout ]]; then builtin source /etc/bash.bash_logout; fi
        if [[ -r ~/.bash_logout ]]; then builtin source ~/.bash_logout; fi
        builtin exit "$@"
    }
elif [[ -r ~/.bashrc ]]; then
    builtin source ~/.bashrc
fi

if [[ $- == *i* && -z "${__holdfast_loaded-}" ]]; then
    __holdfast_loaded=1
    __holdfast_status=0
    __holdfast_histcmd=

    # Sets __holdfast_url to $1 with every byte outside [A-Za-z0-9/._~-] percent-encoded.
    __holdfast_urlencode() {
        builtin local LC_ALL=C s="$1" c i out=
        for (( i = 0; i < ${#s}; i++ )); do
            c=${s:i:1}
            case "$c" in
                [a-zA-Z0-9/._~-]) out+=$c ;;
                *) builtin printf -v c '%%%02X' "'$c"; out+=$c ;;
            esac
        done
        __holdfast_url=$out
    }

    # First in PROMPT_COMMAND: the status of the command that just ended, before any hook changes $?.
    __holdfast_precmd() {
        builtin local status=$?
        __holdfast_status=$status
        # The number the next history entry will get: PS0 tells by it whether the command line was saved.
        __holdfast_histcmd=$HISTCMD
        builtin printf '\e]133;D;%s\a' "$status"
        __holdfast_urlencode "$PWD"
        builtin printf '\e]7;file://%s%s\a' "${HOSTNAME-}" "$__holdfast_url"
        return $status
    }

    # Last in PROMPT_COMMAND: a hook may have rebuilt PS1 (starship, powerline-go), so mark it again each time.
    __holdfast_prompt() {
        if [[ "$PS1" != *'133;A'* ]]; then
            PS1='\[\e]133;A\a\]'"$PS1"'\[\e]133;B\a\]'
        fi
        return $__holdfast_status
    }

    # Runs inside PS0's command substitution, after a line is read and before it runs: its output is the mark.
    __holdfast_preexec() {
        builtin local entry number line
        entry=$(HISTTIMEFORMAT= builtin history 1)
        if [[ $entry =~ ^[[:space:]]*([0-9]+)[*[:space:]]+(.*)$ ]]; then
            number=${BASH_REMATCH[1]}
            line=${BASH_REMATCH[2]}
        fi
        # A line kept out of the history (HISTCONTROL, history off) leaves the previous entry on top: no text then.
        if [[ -n "$number" && "$number" == "$__holdfast_histcmd" ]]; then
            __holdfast_urlencode "${line:0:1000}"
            builtin printf '\e]133;C;cmdline_url=%s\a' "$__holdfast_url"
        else
            builtin printf '\e]133;C\a'
        fi
    }

    if [[ "$(builtin declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
        PROMPT_COMMAND=(__holdfast_precmd "${PROMPT_COMMAND[@]}" __holdfast_prompt)
    elif [[ -n "${PROMPT_COMMAND-}" ]]; then
        PROMPT_COMMAND="__holdfast_precmd"$'\n'"$PROMPT_COMMAND"$'\n'"__holdfast_prompt"
    else
        PROMPT_COMMAND="__holdfast_precmd"$'\n'"__holdfast_prompt"
    fi
    # PS0 (bash 4.4 and later) is printed after a command line is read, before the command runs.
    if (( BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4) )); then
        PS0="${PS0-}"'$(__holdfast_preexec)'
    fi
fi
