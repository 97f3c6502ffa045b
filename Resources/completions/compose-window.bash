# bash completion for compose-window. Options as in --help (checked by InstalledTests); the
# --spell languages are the installed dictionaries, asked of compose-window itself.
# Image files (and folders to go into), as --attach and the words after the options take.
_compose_window_images() {
    compopt -o filenames 2>/dev/null
    # The filter is an extended pattern: bash-completion turns extglob on; a plain `source` may not.
    local extglob_was_off
    shopt -q extglob || { extglob_was_off=1; shopt -s extglob; }
    COMPREPLY=($(compgen -f -X '!*.@(png|PNG|jpg|JPG|jpeg|JPEG|webp|WEBP|gif|GIF)' -- "$cur") $(compgen -d -- "$cur"))
    [[ -z $extglob_was_off ]] || shopt -u extglob
}

_compose_window() {
    local cur=${COMP_WORDS[COMP_CWORD]} option=${COMP_WORDS[COMP_CWORD-1]} prefix=""
    # "--count=we" arrives as "--count" "=" "we" (COMP_WORDBREAKS holds "=").
    if [[ $option == "=" && $COMP_CWORD -ge 2 ]]; then
        option=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == "=" ]]; then
        option=${COMP_WORDS[COMP_CWORD-1]} cur=""
    elif [[ $cur == --*=* ]]; then
        # COMP_WORDBREAKS without "=": each reply keeps the option in front.
        prefix=${cur%%=*}= option=${cur%%=*} cur=${cur#*=}
    fi
    local values
    case $option in
        --count)
            values='graphemes weibo twitter mastodon bluesky' ;;
        --to)
            values='stdout x mastodon bluesky weibo clipboard' ;;
        --spell)
            values=$("${COMP_WORDS[0]}" --list-dictionaries 2>/dev/null) ;;
        --draft)
            local drafts=${XDG_STATE_HOME:-$HOME/.local/state}/compose-window/drafts name
            for name in "$drafts"/*.txt; do [[ -f $name ]] && name=${name##*/} && values+=" ${name%.txt}"; done ;;
        --sign-in)
            values='mastodon bluesky' ;;
        --visibility)
            values='public unlisted private direct' ;;
        --label)
            values='sexual nudity porn graphic-media' ;;
        --who-may-reply)
            values='everyone following mentioned nobody' ;;
        --language)
            # Any ISO 639-1 code is taken; those of the installed dictionaries are the likely ones.
            values=$("${COMP_WORDS[0]}" --list-dictionaries 2>/dev/null | cut -c1-2 | sort -u) ;;
        --attach)
            _compose_window_images
            return ;;
        --sign-out|--account)
            local network name
            while read -r network name; do values+=" $name"; done < <("${COMP_WORDS[0]}" --accounts 2>/dev/null) ;;
        --title|--placeholder|--text|--limit|--font|--placeholder-color|--timeout|--width|--height|--display|--instance|\
        --handle|--service|--alt|--caption|--cw|--reply-to|--quote|--at|--class|--name|--gtk-module)
            return ;;
        *)
            # A word after the options: an image to attach.
            [[ -z $cur || $cur == -* ]] || { _compose_window_images; return; }
            COMPREPLY=($(compgen -W '--title= --placeholder= --text= --limit= --count= --to= --instance= --desktop --font=
                --placeholder-color= --draft= --no-draft --drafts --outbox --no-delay --at= --deliver --spell= --no-spell --list-dictionaries --measure --preview --timeout=
                --width= --height= --sign-in= --handle= --service= --accounts --sign-out= --account= --attach= --alt= --caption= --cw= --visibility= --who-may-reply= --language= --sensitive
                --label= --thread --number-posts --reply-to= --quote= --version --help --help-all
                --help-gtk --display=' -- "$cur"))
            # An option that takes a value: no space after its "=".
            [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
            return ;;
    esac
    COMPREPLY=($(compgen -P "$prefix" -W "$values" -- "$cur"))
}
complete -F _compose_window compose-window
