# Holdfast shell integration for zsh: OSC 133 prompt and command marks, OSC 7 working directory.
#
# Holdfast starts zsh with ZDOTDIR pointing at this file's directory. This file puts the user's ZDOTDIR back
# (or unsets it, as it was), reads the user's own .zshenv as zsh would have, and installs its hooks at the
# first prompt, after every other startup file has run. zsh then reads .zprofile, .zshrc and .zlogin from the
# user's ZDOTDIR (or home) as usual. Turn it off with "shellIntegration": false in Holdfast's settings.json.

if [[ -n "${HOLDFAST_ZSH_ZDOTDIR+set}" ]]; then
    ZDOTDIR=$HOLDFAST_ZSH_ZDOTDIR
    builtin unset HOLDFAST_ZSH_ZDOTDIR
else
    builtin unset ZDOTDIR
fi

if [[ -r "${ZDOTDIR:-$HOME}/.zshenv" ]]; then
    builtin source "${ZDOTDIR:-$HOME}/.zshenv"
fi

if [[ -o interactive && -z "${__holdfast_loaded-}" ]]; then
    typeset -g __holdfast_loaded=1

    # Sets REPLY to $1 with every byte outside [A-Za-z0-9/._~-] percent-encoded.
    __holdfast_urlencode() {
        emulate -L zsh
        setopt extendedglob
        local LC_ALL=C
        REPLY=${1//(#b)([^A-Za-z0-9\/._~-])/%${(l:2::0:)$(( [##16] #match ))}}
    }

    # Last in precmd_functions, so its prompt mark comes right before the prompt; zsh gives every precmd
    # function the status of the command that just ended.
    __holdfast_precmd() {
        local ret=$?
        # The user's options (ksh_arrays, sh_word_split, …) must not change what this prints.
        emulate -L zsh
        builtin print -rn -- $'\e]133;D;'"$ret"$'\a'
        __holdfast_urlencode "$PWD"
        builtin print -rn -- $'\e]7;file://'"${HOST}${REPLY}"$'\a'
        builtin print -rn -- $'\e]133;A\a'
        # A theme may have rebuilt PS1 in its own precmd hook: mark its end again each time.
        if [[ "$PS1" != *'133;B'* ]]; then
            PS1="${PS1}"$'%{\e]133;B\a%}'
        fi
        return $ret
    }

    # zsh hands preexec the command line as typed.
    __holdfast_preexec() {
        emulate -L zsh
        __holdfast_urlencode "${1[1,1000]}"
        builtin print -rn -- $'\e]133;C;cmdline_url='"${REPLY}"$'\a'
    }

    # Runs once, at the first prompt: the hooks go last, after those every startup file added.
    __holdfast_install() {
        local ret=$?
        add-zsh-hook -d precmd __holdfast_install
        precmd_functions+=(__holdfast_precmd)
        preexec_functions+=(__holdfast_preexec)
        __holdfast_precmd
        return $ret
    }

    autoload -Uz add-zsh-hook
    add-zsh-hook precmd __holdfast_install
fi
