"""Mastodon's translated error texts (docs/servers.md, gaps 2): an API controller answers in the
token's user's own locale before anything the client sends, so the stand-in answers in the
account's (accounts.json "mastodonLocale", English unless given). The keys' texts as
config/locales/en.yml (mjankowski/mastodon 0e2c0ee107) and de.yml (14fe7fe576) give them; the
attribute names and the "Validation failed: " prefix around them are Rails' and rails-i18n's, not
read, and stay English here."""

TEXTS = {
    "scheduled_statuses.too_soon": {  # en.yml l.1823, de.yml l.1598
        "en": "date must be in the future", "de": "Das geplante Datum muss in der Zukunft liegen"},
    "scheduled_statuses.over_daily_limit": {  # en.yml l.1821, de.yml l.1596
        "en": "You have exceeded the limit of %(limit)d scheduled posts for today",
        "de": "Du hast das Limit von %(limit)d geplanten Beiträgen für heute erreicht"},
    "scheduled_statuses.over_total_limit": {  # en.yml l.1822, de.yml l.1597
        "en": "You have exceeded the limit of %(limit)d scheduled posts",
        "de": "Du hast das Limit für geplante Beiträge, das %(limit)d beträgt, erreicht"},
    "statuses.errors.in_reply_not_found": {  # en.yml l.1931, de.yml l.1703
        "en": "The post you are trying to reply to does not appear to exist.",
        "de": "Der Beitrag, auf den du antworten möchtest, scheint nicht zu existieren."},
    "statuses.over_character_limit": {  # en.yml l.1934, de.yml l.1705
        "en": "character limit of %(max)d exceeded", "de": "Begrenzung von %(max)d Zeichen überschritten"},
}


def say(accounts, key, **values):
    """`key`'s text in the account's locale (English where it has none), with its values."""
    texts = TEXTS[key]
    return texts.get(accounts.get("mastodonLocale", "en"), texts["en"]) % values
