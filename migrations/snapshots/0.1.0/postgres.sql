--
-- PostgreSQL database dump
--

\restrict 9KsMgQjVRBTz3VTAhKAJs08Iy7fcXgWbqh46D73xLalOaSe2wd4hm3xNlVtZLF1

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: _sqlx_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public._sqlx_migrations (
    version bigint NOT NULL,
    description text NOT NULL,
    installed_on timestamp with time zone DEFAULT now() NOT NULL,
    success boolean NOT NULL,
    checksum bytea NOT NULL,
    execution_time bigint NOT NULL
);


--
-- Name: ad_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ad_events (
    id bigint NOT NULL,
    ad_id text NOT NULL,
    event text NOT NULL,
    at_ms bigint NOT NULL
);


--
-- Name: ad_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.ad_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: ad_events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.ad_events_id_seq OWNED BY public.ad_events.id;


--
-- Name: affiliates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.affiliates (
    id bigint NOT NULL,
    sid text NOT NULL,
    name text NOT NULL,
    frequency text NOT NULL,
    city text NOT NULL,
    state text NOT NULL,
    street text DEFAULT ''::text NOT NULL,
    cep text DEFAULT ''::text NOT NULL,
    email text DEFAULT ''::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    stream_url text DEFAULT ''::text NOT NULL
);


--
-- Name: affiliates_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.affiliates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: affiliates_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.affiliates_id_seq OWNED BY public.affiliates.id;


--
-- Name: albums; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.albums (
    id bigint NOT NULL,
    slug text NOT NULL,
    artist_id bigint NOT NULL,
    name text NOT NULL,
    release_year bigint NOT NULL,
    cover_url text DEFAULT ''::text NOT NULL,
    cover_small_url text DEFAULT ''::text NOT NULL,
    itunes_link text DEFAULT ''::text NOT NULL,
    is_featured bigint DEFAULT 0 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: albums_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.albums_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: albums_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.albums_id_seq OWNED BY public.albums.id;


--
-- Name: analytics_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.analytics_events (
    id bigint NOT NULL,
    client_id text NOT NULL,
    user_id bigint,
    category text NOT NULL,
    action text NOT NULL,
    label text,
    value bigint,
    stream_id text,
    at_ms bigint NOT NULL,
    received_at_ms bigint NOT NULL
);


--
-- Name: analytics_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.analytics_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: analytics_events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.analytics_events_id_seq OWNED BY public.analytics_events.id;


--
-- Name: artists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.artists (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    country text DEFAULT ''::text NOT NULL,
    biography text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    banner_url text DEFAULT ''::text NOT NULL,
    is_featured bigint DEFAULT 0 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: artists_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.artists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: artists_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.artists_id_seq OWNED BY public.artists.id;


--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at bigint NOT NULL,
    user_id bigint,
    action text NOT NULL,
    entity text NOT NULL,
    entity_id bigint,
    before_json text,
    after_json text
);


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;


--
-- Name: cities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cities (
    id bigint NOT NULL,
    state_id bigint NOT NULL,
    name text NOT NULL
);


--
-- Name: client_locations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.client_locations (
    client_id bigint NOT NULL,
    location text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: clients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clients (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    short_description text DEFAULT ''::text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    segment text DEFAULT 'Serviços'::text NOT NULL,
    link text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: clients_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.clients_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: clients_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.clients_id_seq OWNED BY public.clients.id;


--
-- Name: day_sentences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.day_sentences (
    id bigint NOT NULL,
    text text NOT NULL,
    author text DEFAULT ''::text NOT NULL
);


--
-- Name: day_sentences_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.day_sentences_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: day_sentences_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.day_sentences_id_seq OWNED BY public.day_sentences.id;


--
-- Name: email_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_codes (
    user_id bigint NOT NULL,
    code text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: form_submissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.form_submissions (
    id bigint NOT NULL,
    kind text NOT NULL,
    user_id bigint,
    category_id bigint,
    payload text NOT NULL,
    file_path text,
    created_at bigint NOT NULL,
    mailed_at bigint,
    mail_attempts bigint DEFAULT 0 NOT NULL,
    next_mail_at bigint,
    last_mail_error text,
    handled_at bigint,
    handled_by bigint
);


--
-- Name: form_submissions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.form_submissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: form_submissions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.form_submissions_id_seq OWNED BY public.form_submissions.id;


--
-- Name: hunt_players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hunt_players (
    hunt_id bigint NOT NULL,
    user_id bigint NOT NULL,
    page_views bigint DEFAULT 0 NOT NULL,
    last_view_at bigint NOT NULL
);


--
-- Name: hunt_prizes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hunt_prizes (
    id bigint NOT NULL,
    hunt_id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    total_quantity bigint NOT NULL,
    remaining_quantity bigint NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: hunt_prizes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hunt_prizes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hunt_prizes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hunt_prizes_id_seq OWNED BY public.hunt_prizes.id;


--
-- Name: hunt_wins; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hunt_wins (
    id bigint NOT NULL,
    hunt_id bigint NOT NULL,
    prize_id bigint NOT NULL,
    user_id bigint NOT NULL,
    status text DEFAULT 'reserved'::text NOT NULL,
    won_at bigint NOT NULL,
    opened_at bigint,
    mailed_at bigint,
    share_situation text,
    shared_at bigint
);


--
-- Name: hunt_wins_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hunt_wins_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hunt_wins_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hunt_wins_id_seq OWNED BY public.hunt_wins.id;


--
-- Name: journalists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journalists (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    is_active bigint DEFAULT 1 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: journalists_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.journalists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: journalists_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.journalists_id_seq OWNED BY public.journalists.id;


--
-- Name: legal_texts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.legal_texts (
    id bigint NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    content text NOT NULL,
    updated_at bigint NOT NULL
);


--
-- Name: legal_texts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.legal_texts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: legal_texts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.legal_texts_id_seq OWNED BY public.legal_texts.id;


--
-- Name: listener_daily; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listener_daily (
    at bigint NOT NULL,
    channel text NOT NULL,
    samples bigint NOT NULL,
    max_listeners bigint NOT NULL,
    min_listeners bigint NOT NULL,
    sum_listeners bigint NOT NULL
);


--
-- Name: listener_hourly; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listener_hourly (
    at bigint NOT NULL,
    channel text NOT NULL,
    samples bigint NOT NULL,
    max_listeners bigint NOT NULL,
    min_listeners bigint NOT NULL,
    sum_listeners bigint NOT NULL
);


--
-- Name: listener_samples; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listener_samples (
    at bigint NOT NULL,
    channel text NOT NULL,
    listeners bigint NOT NULL
);


--
-- Name: listener_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listener_sessions (
    id bigint NOT NULL,
    session_key text NOT NULL,
    instance text NOT NULL,
    mount text NOT NULL,
    stream_id text NOT NULL,
    client text NOT NULL,
    started_at_ms bigint NOT NULL,
    ended_at_ms bigint,
    bytes_sent bigint DEFAULT 0 NOT NULL,
    ip_hash text NOT NULL,
    user_agent text DEFAULT ''::text NOT NULL,
    user_id bigint
);


--
-- Name: listener_sessions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.listener_sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: listener_sessions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.listener_sessions_id_seq OWNED BY public.listener_sessions.id;


--
-- Name: live_sources; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.live_sources (
    stream_id text NOT NULL,
    password_hash text,
    password_set_at bigint,
    live_since_ms bigint,
    live_address text,
    live_mount text,
    live_name text,
    live_agent text,
    live_session text,
    cut_requested bigint DEFAULT 0 NOT NULL
);


--
-- Name: news; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news (
    id bigint NOT NULL,
    slug text NOT NULL,
    category_id bigint NOT NULL,
    title text NOT NULL,
    title_home text DEFAULT ''::text NOT NULL,
    subtitle text DEFAULT ''::text NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    teaser text DEFAULT ''::text NOT NULL,
    author text DEFAULT ''::text NOT NULL,
    journalist_id bigint,
    source text DEFAULT 'redacao'::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    featured_image_url text DEFAULT ''::text NOT NULL,
    image_caption text DEFAULT ''::text NOT NULL,
    image_link text DEFAULT ''::text NOT NULL,
    cover_video_youtube_id text DEFAULT ''::text NOT NULL,
    cover_video_file_name text DEFAULT ''::text NOT NULL,
    podcast_show_id bigint,
    podcast_id text DEFAULT ''::text NOT NULL,
    podcast_player_style text DEFAULT ''::text NOT NULL,
    podcast_player_color text DEFAULT ''::text NOT NULL,
    keyword text DEFAULT ''::text NOT NULL,
    is_pro bigint DEFAULT 0 NOT NULL,
    is_featured bigint DEFAULT 0 NOT NULL,
    views bigint DEFAULT 0 NOT NULL,
    published_at bigint NOT NULL,
    updated_at bigint,
    state text DEFAULT 'published'::text NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    created_at bigint,
    changed_at bigint DEFAULT 0 NOT NULL,
    created_by bigint,
    intended_at bigint
);


--
-- Name: news_categories; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news_categories (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: news_categories_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.news_categories_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: news_categories_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.news_categories_id_seq OWNED BY public.news_categories.id;


--
-- Name: news_daily_views; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news_daily_views (
    news_id bigint NOT NULL,
    day text NOT NULL,
    views bigint DEFAULT 0 NOT NULL
);


--
-- Name: news_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.news_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: news_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.news_id_seq OWNED BY public.news.id;


--
-- Name: news_tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news_tags (
    news_id bigint NOT NULL,
    tag_id bigint NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: news_views; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news_views (
    id bigint NOT NULL,
    news_id bigint NOT NULL,
    session_hash text NOT NULL,
    user_id bigint,
    day text NOT NULL,
    viewed_at bigint NOT NULL,
    received_at bigint NOT NULL
);


--
-- Name: news_views_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.news_views_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: news_views_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.news_views_id_seq OWNED BY public.news_views.id;


--
-- Name: partners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.partners (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    link text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: partners_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.partners_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: partners_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.partners_id_seq OWNED BY public.partners.id;


--
-- Name: play_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.play_history (
    id bigint NOT NULL,
    meta_id text NOT NULL,
    song text NOT NULL,
    artist text NOT NULL,
    artist_slug text DEFAULT ''::text NOT NULL,
    music_slug text DEFAULT ''::text NOT NULL,
    album text DEFAULT ''::text NOT NULL,
    year bigint,
    cover_url text DEFAULT ''::text NOT NULL,
    cover_small_url text DEFAULT ''::text NOT NULL,
    meta_type text NOT NULL,
    started_at_ms bigint NOT NULL,
    duration_ms bigint DEFAULT 0 NOT NULL,
    music_hash text NOT NULL
);


--
-- Name: play_history_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.play_history_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: play_history_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.play_history_id_seq OWNED BY public.play_history.id;


--
-- Name: podcast_collections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.podcast_collections (
    id bigint NOT NULL,
    slug text NOT NULL,
    alias text DEFAULT ''::text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    meta_key text DEFAULT ''::text NOT NULL,
    kind text DEFAULT 'playlist'::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: podcast_collections_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.podcast_collections_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: podcast_collections_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.podcast_collections_id_seq OWNED BY public.podcast_collections.id;


--
-- Name: podcast_recording_tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.podcast_recording_tags (
    recording_id bigint NOT NULL,
    "position" bigint NOT NULL,
    name text NOT NULL
);


--
-- Name: podcast_recordings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.podcast_recordings (
    id bigint NOT NULL,
    collection_id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    audio_url text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    duration_seconds bigint DEFAULT 0 NOT NULL,
    published_at bigint NOT NULL,
    player_key text DEFAULT ''::text NOT NULL
);


--
-- Name: podcast_recordings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.podcast_recordings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: podcast_recordings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.podcast_recordings_id_seq OWNED BY public.podcast_recordings.id;


--
-- Name: podcast_shows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.podcast_shows (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    subtitle text DEFAULT ''::text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    thumb_url text DEFAULT ''::text NOT NULL,
    image_featured_url text DEFAULT ''::text NOT NULL,
    host_type text DEFAULT 'mixcloud'::text NOT NULL,
    show_id text DEFAULT ''::text NOT NULL,
    player_style text DEFAULT 'standard'::text NOT NULL,
    player_color text DEFAULT ''::text NOT NULL,
    is_pro bigint DEFAULT 0 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: podcast_shows_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.podcast_shows_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: podcast_shows_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.podcast_shows_id_seq OWNED BY public.podcast_shows.id;


--
-- Name: poll_answers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.poll_answers (
    id bigint NOT NULL,
    poll_id bigint NOT NULL,
    text text NOT NULL,
    votes bigint DEFAULT 0 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: poll_answers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.poll_answers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: poll_answers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.poll_answers_id_seq OWNED BY public.poll_answers.id;


--
-- Name: poll_votes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.poll_votes (
    id bigint NOT NULL,
    poll_id bigint NOT NULL,
    answer_id bigint NOT NULL,
    user_id bigint,
    voter text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: poll_votes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.poll_votes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: poll_votes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.poll_votes_id_seq OWNED BY public.poll_votes.id;


--
-- Name: polls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.polls (
    id bigint NOT NULL,
    title text NOT NULL,
    is_active bigint DEFAULT 1 NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: polls_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.polls_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: polls_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.polls_id_seq OWNED BY public.polls.id;


--
-- Name: pro_faqs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pro_faqs (
    id bigint NOT NULL,
    question text NOT NULL,
    answer text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: pro_faqs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pro_faqs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pro_faqs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pro_faqs_id_seq OWNED BY public.pro_faqs.id;


--
-- Name: programs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.programs (
    id bigint NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    host text DEFAULT ''::text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    days_label text DEFAULT ''::text NOT NULL,
    weekdays text DEFAULT ''::text NOT NULL,
    start_time text NOT NULL,
    end_time text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: programs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.programs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: programs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.programs_id_seq OWNED BY public.programs.id;


--
-- Name: promotion_answers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.promotion_answers (
    id bigint NOT NULL,
    promotion_id bigint NOT NULL,
    user_id bigint NOT NULL,
    single_user bigint,
    answer text NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
);


--
-- Name: promotion_answers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.promotion_answers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: promotion_answers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.promotion_answers_id_seq OWNED BY public.promotion_answers.id;


--
-- Name: promotion_draws; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.promotion_draws (
    id bigint NOT NULL,
    promotion_id bigint NOT NULL,
    seed text NOT NULL,
    requested bigint NOT NULL,
    participants bigint NOT NULL,
    participant_ids text NOT NULL,
    drawn_by text NOT NULL,
    drawn_at bigint NOT NULL
);


--
-- Name: promotion_draws_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.promotion_draws_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: promotion_draws_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.promotion_draws_id_seq OWNED BY public.promotion_draws.id;


--
-- Name: promotion_winners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.promotion_winners (
    id bigint NOT NULL,
    promotion_id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    state_id bigint,
    won_on text NOT NULL,
    user_id bigint,
    draw_id bigint,
    mailed_at bigint
);


--
-- Name: promotion_winners_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.promotion_winners_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: promotion_winners_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.promotion_winners_id_seq OWNED BY public.promotion_winners.id;


--
-- Name: promotions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.promotions (
    id bigint NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    short_description text DEFAULT ''::text NOT NULL,
    rules text DEFAULT ''::text NOT NULL,
    question text DEFAULT ''::text NOT NULL,
    banner_url text DEFAULT ''::text NOT NULL,
    featured_banner_url text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    featured_image_url text DEFAULT ''::text NOT NULL,
    color_scheme text DEFAULT 'L'::text NOT NULL,
    is_pro bigint DEFAULT 0 NOT NULL,
    is_editable bigint DEFAULT 0 NOT NULL,
    is_multiple bigint DEFAULT 0 NOT NULL,
    is_single_word bigint DEFAULT 0 NOT NULL,
    affiliate text DEFAULT ''::text NOT NULL,
    is_published bigint DEFAULT 1 NOT NULL,
    starts_at bigint NOT NULL,
    ends_at bigint NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    changed_at bigint DEFAULT 0 NOT NULL
);


--
-- Name: promotions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.promotions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: promotions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.promotions_id_seq OWNED BY public.promotions.id;


--
-- Name: radio_instances; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.radio_instances (
    instance text NOT NULL,
    last_seen_ms bigint NOT NULL
);


--
-- Name: rate_limit_slots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limit_slots (
    bucket text NOT NULL,
    slot bigint NOT NULL,
    at bigint NOT NULL
);


--
-- Name: reset_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reset_tokens (
    token_hash text NOT NULL,
    user_id bigint NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id bigint NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    revoked_at bigint
);


--
-- Name: settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.settings (
    key text NOT NULL,
    value text NOT NULL
);


--
-- Name: song_ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.song_ratings (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    play_id bigint,
    meta_id text NOT NULL,
    music_hash text NOT NULL,
    song text NOT NULL,
    artist text NOT NULL,
    rating bigint NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: song_ratings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.song_ratings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: song_ratings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.song_ratings_id_seq OWNED BY public.song_ratings.id;


--
-- Name: songs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.songs (
    id bigint NOT NULL,
    slug text NOT NULL,
    artist_id bigint NOT NULL,
    album_id bigint NOT NULL,
    name text NOT NULL,
    year bigint NOT NULL,
    track_url text DEFAULT ''::text NOT NULL,
    preview_url text DEFAULT ''::text NOT NULL,
    has_lyrics bigint DEFAULT 0 NOT NULL,
    lyrics text DEFAULT ''::text NOT NULL,
    has_translation bigint DEFAULT 0 NOT NULL,
    translation text DEFAULT ''::text NOT NULL,
    has_video bigint DEFAULT 0 NOT NULL,
    video_youtube_id text DEFAULT ''::text NOT NULL,
    video_file_name text DEFAULT ''::text NOT NULL,
    lyrics_video_youtube_id text DEFAULT ''::text NOT NULL,
    lyrics_video_file_name text DEFAULT ''::text NOT NULL,
    itunes_link text DEFAULT ''::text NOT NULL,
    plays bigint DEFAULT 0 NOT NULL
);


--
-- Name: songs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.songs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: songs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.songs_id_seq OWNED BY public.songs.id;


--
-- Name: spots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spots (
    id bigint NOT NULL,
    client_id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    audio_url text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    transcript text DEFAULT ''::text NOT NULL,
    link text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: spots_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spots_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: spots_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.spots_id_seq OWNED BY public.spots.id;


--
-- Name: staff_permissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_permissions (
    user_id bigint NOT NULL,
    permission bigint NOT NULL,
    granted_at bigint NOT NULL
);


--
-- Name: states; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.states (
    id bigint NOT NULL,
    uf text NOT NULL,
    name text NOT NULL
);


--
-- Name: stream_sources; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stream_sources (
    id bigint NOT NULL,
    stream_id bigint NOT NULL,
    src text NOT NULL,
    mime_type text NOT NULL,
    codec text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: stream_sources_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.stream_sources_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: stream_sources_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.stream_sources_id_seq OWNED BY public.stream_sources.id;


--
-- Name: streams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.streams (
    id bigint NOT NULL,
    stream_id text NOT NULL,
    meta_id text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    color text DEFAULT ''::text NOT NULL,
    is_semi_pro bigint DEFAULT 0 NOT NULL,
    is_pro bigint DEFAULT 0 NOT NULL,
    is_popup bigint DEFAULT 0 NOT NULL,
    popup_url text DEFAULT ''::text NOT NULL,
    popup_id text DEFAULT ''::text NOT NULL,
    popup_config text DEFAULT ''::text NOT NULL,
    is_dolby bigint DEFAULT 0 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: streams_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.streams_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: streams_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.streams_id_seq OWNED BY public.streams.id;


--
-- Name: subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscriptions (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    plan text NOT NULL,
    source text NOT NULL,
    status text NOT NULL,
    current_period_end text,
    external_id text,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
);


--
-- Name: subscriptions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.subscriptions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: subscriptions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.subscriptions_id_seq OWNED BY public.subscriptions.id;


--
-- Name: tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tags (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    title text DEFAULT ''::text NOT NULL,
    hits bigint DEFAULT 0 NOT NULL
);


--
-- Name: tags_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.tags_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: tags_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.tags_id_seq OWNED BY public.tags.id;


--
-- Name: top100_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.top100_entries (
    list_id bigint NOT NULL,
    "position" bigint NOT NULL,
    song_id bigint NOT NULL
);


--
-- Name: top100_lists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.top100_lists (
    id bigint NOT NULL,
    year bigint NOT NULL
);


--
-- Name: top100_lists_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.top100_lists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: top100_lists_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.top100_lists_id_seq OWNED BY public.top100_lists.id;


--
-- Name: top10_categories; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.top10_categories (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    keywords text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: top10_categories_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.top10_categories_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: top10_categories_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.top10_categories_id_seq OWNED BY public.top10_categories.id;


--
-- Name: top10_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.top10_entries (
    category_id bigint NOT NULL,
    "position" bigint NOT NULL,
    song_id bigint NOT NULL
);


--
-- Name: treasure_hunts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.treasure_hunts (
    id bigint NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    rules text DEFAULT ''::text NOT NULL,
    banner_message text DEFAULT ''::text NOT NULL,
    is_active bigint DEFAULT 1 NOT NULL,
    starts_at bigint NOT NULL,
    ends_at bigint NOT NULL,
    win_probability double precision DEFAULT 0.02 NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    changed_at bigint DEFAULT 0 NOT NULL
);


--
-- Name: treasure_hunts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.treasure_hunts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: treasure_hunts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.treasure_hunts_id_seq OWNED BY public.treasure_hunts.id;


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id bigint NOT NULL,
    email text NOT NULL,
    password_hash text,
    name text NOT NULL,
    last_name text,
    gender text,
    birthday text,
    cpf text,
    telefone text,
    cep text,
    district text,
    street text,
    street_number text,
    address_supplement text,
    state_id bigint,
    city_id bigint,
    newsletter bigint DEFAULT 0 NOT NULL,
    email_confirmed bigint DEFAULT 0 NOT NULL,
    disabled bigint DEFAULT 0 NOT NULL,
    firebase_uid text,
    firebase_provider text,
    created_at bigint NOT NULL
);


--
-- Name: users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: users_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;


--
-- Name: video_playlists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_playlists (
    id bigint NOT NULL,
    external_id text NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: video_playlists_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.video_playlists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: video_playlists_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.video_playlists_id_seq OWNED BY public.video_playlists.id;


--
-- Name: videos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.videos (
    id bigint NOT NULL,
    playlist_id bigint,
    youtube_id text NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    image_url text DEFAULT ''::text NOT NULL,
    is_featured bigint DEFAULT 0 NOT NULL,
    published_at bigint NOT NULL
);


--
-- Name: videos_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.videos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: videos_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.videos_id_seq OWNED BY public.videos.id;


--
-- Name: webhook_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_events (
    id text NOT NULL,
    received_at bigint NOT NULL
);


--
-- Name: ad_events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ad_events ALTER COLUMN id SET DEFAULT nextval('public.ad_events_id_seq'::regclass);


--
-- Name: affiliates id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.affiliates ALTER COLUMN id SET DEFAULT nextval('public.affiliates_id_seq'::regclass);


--
-- Name: albums id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.albums ALTER COLUMN id SET DEFAULT nextval('public.albums_id_seq'::regclass);


--
-- Name: analytics_events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analytics_events ALTER COLUMN id SET DEFAULT nextval('public.analytics_events_id_seq'::regclass);


--
-- Name: artists id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.artists ALTER COLUMN id SET DEFAULT nextval('public.artists_id_seq'::regclass);


--
-- Name: audit_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);


--
-- Name: clients id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients ALTER COLUMN id SET DEFAULT nextval('public.clients_id_seq'::regclass);


--
-- Name: day_sentences id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.day_sentences ALTER COLUMN id SET DEFAULT nextval('public.day_sentences_id_seq'::regclass);


--
-- Name: form_submissions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.form_submissions ALTER COLUMN id SET DEFAULT nextval('public.form_submissions_id_seq'::regclass);


--
-- Name: hunt_prizes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_prizes ALTER COLUMN id SET DEFAULT nextval('public.hunt_prizes_id_seq'::regclass);


--
-- Name: hunt_wins id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_wins ALTER COLUMN id SET DEFAULT nextval('public.hunt_wins_id_seq'::regclass);


--
-- Name: journalists id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journalists ALTER COLUMN id SET DEFAULT nextval('public.journalists_id_seq'::regclass);


--
-- Name: legal_texts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_texts ALTER COLUMN id SET DEFAULT nextval('public.legal_texts_id_seq'::regclass);


--
-- Name: listener_sessions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_sessions ALTER COLUMN id SET DEFAULT nextval('public.listener_sessions_id_seq'::regclass);


--
-- Name: news id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news ALTER COLUMN id SET DEFAULT nextval('public.news_id_seq'::regclass);


--
-- Name: news_categories id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_categories ALTER COLUMN id SET DEFAULT nextval('public.news_categories_id_seq'::regclass);


--
-- Name: news_views id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_views ALTER COLUMN id SET DEFAULT nextval('public.news_views_id_seq'::regclass);


--
-- Name: partners id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.partners ALTER COLUMN id SET DEFAULT nextval('public.partners_id_seq'::regclass);


--
-- Name: play_history id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.play_history ALTER COLUMN id SET DEFAULT nextval('public.play_history_id_seq'::regclass);


--
-- Name: podcast_collections id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_collections ALTER COLUMN id SET DEFAULT nextval('public.podcast_collections_id_seq'::regclass);


--
-- Name: podcast_recordings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recordings ALTER COLUMN id SET DEFAULT nextval('public.podcast_recordings_id_seq'::regclass);


--
-- Name: podcast_shows id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_shows ALTER COLUMN id SET DEFAULT nextval('public.podcast_shows_id_seq'::regclass);


--
-- Name: poll_answers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_answers ALTER COLUMN id SET DEFAULT nextval('public.poll_answers_id_seq'::regclass);


--
-- Name: poll_votes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_votes ALTER COLUMN id SET DEFAULT nextval('public.poll_votes_id_seq'::regclass);


--
-- Name: polls id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.polls ALTER COLUMN id SET DEFAULT nextval('public.polls_id_seq'::regclass);


--
-- Name: pro_faqs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pro_faqs ALTER COLUMN id SET DEFAULT nextval('public.pro_faqs_id_seq'::regclass);


--
-- Name: programs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.programs ALTER COLUMN id SET DEFAULT nextval('public.programs_id_seq'::regclass);


--
-- Name: promotion_answers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_answers ALTER COLUMN id SET DEFAULT nextval('public.promotion_answers_id_seq'::regclass);


--
-- Name: promotion_draws id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_draws ALTER COLUMN id SET DEFAULT nextval('public.promotion_draws_id_seq'::regclass);


--
-- Name: promotion_winners id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners ALTER COLUMN id SET DEFAULT nextval('public.promotion_winners_id_seq'::regclass);


--
-- Name: promotions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotions ALTER COLUMN id SET DEFAULT nextval('public.promotions_id_seq'::regclass);


--
-- Name: song_ratings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.song_ratings ALTER COLUMN id SET DEFAULT nextval('public.song_ratings_id_seq'::regclass);


--
-- Name: songs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.songs ALTER COLUMN id SET DEFAULT nextval('public.songs_id_seq'::regclass);


--
-- Name: spots id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spots ALTER COLUMN id SET DEFAULT nextval('public.spots_id_seq'::regclass);


--
-- Name: stream_sources id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stream_sources ALTER COLUMN id SET DEFAULT nextval('public.stream_sources_id_seq'::regclass);


--
-- Name: streams id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.streams ALTER COLUMN id SET DEFAULT nextval('public.streams_id_seq'::regclass);


--
-- Name: subscriptions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions ALTER COLUMN id SET DEFAULT nextval('public.subscriptions_id_seq'::regclass);


--
-- Name: tags id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags ALTER COLUMN id SET DEFAULT nextval('public.tags_id_seq'::regclass);


--
-- Name: top100_lists id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_lists ALTER COLUMN id SET DEFAULT nextval('public.top100_lists_id_seq'::regclass);


--
-- Name: top10_categories id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_categories ALTER COLUMN id SET DEFAULT nextval('public.top10_categories_id_seq'::regclass);


--
-- Name: treasure_hunts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treasure_hunts ALTER COLUMN id SET DEFAULT nextval('public.treasure_hunts_id_seq'::regclass);


--
-- Name: users id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);


--
-- Name: video_playlists id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_playlists ALTER COLUMN id SET DEFAULT nextval('public.video_playlists_id_seq'::regclass);


--
-- Name: videos id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos ALTER COLUMN id SET DEFAULT nextval('public.videos_id_seq'::regclass);


--
-- Data for Name: _sqlx_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public._sqlx_migrations VALUES (1, 'core', '2026-11-29 23:57:18.539156+00', true, '\x3d5116e9db174c50d6a4057b54866528e307242ac86d346c88b5f52a5db813f3b0bd5c724721ed3b6950a855589d60c0', 5421705);
INSERT INTO public._sqlx_migrations VALUES (2, 'shell content', '2026-11-29 23:57:18.545401+00', true, '\x0a9b5931f74407847cc6128c458d6975db3679876fc54264d0304a404f4136f0252b4377a62d749eec4034a5cc19a7fc', 8988792);
INSERT INTO public._sqlx_migrations VALUES (3, 'content', '2026-11-29 23:57:18.554778+00', true, '\x6acfa9b65f0197630baf8d4a9710240df339e945e213f2215ed5f2567a8e1e954778dfc8690a76d621772455ae8d59b4', 111782731);
INSERT INTO public._sqlx_migrations VALUES (10, 'accounts', '2026-11-29 23:57:18.668672+00', true, '\xa84d9e71d048e4f2ce041e1b1429f451e17f995beab8dceb384810dc2fb02dfa3f52694c2a692a9e3cf76fb9363c99fd', 33992629);
INSERT INTO public._sqlx_migrations VALUES (20, 'news tracking', '2026-11-29 23:57:18.703396+00', true, '\xcb36d7b0f87e236f26eeeebebb0f84049ac7b54d4e040daff1ea1f9639dee2aad7926a293c342aac1e7d0e068876839e', 7191808);
INSERT INTO public._sqlx_migrations VALUES (30, 'live radio', '2026-11-29 23:57:18.711341+00', true, '\xa74328fa86b41dd7da40eb984eaef4e2047db8b1f816d52797f353fdb436d9987042790cb404b5e8b8db0ebfef999795', 27900461);
INSERT INTO public._sqlx_migrations VALUES (40, 'stats', '2026-11-29 23:57:18.740046+00', true, '\xe4ea64a7103a3fac1f423f7cddc68083d3d9a707a94ac43d6da88077fcc94700b13d0b869344a6c4e030e39d2a99a4e3', 4441697);
INSERT INTO public._sqlx_migrations VALUES (41, 'stats hourly clustered', '2026-11-29 23:57:18.744566+00', true, '\x86b9a4d44d60ebe7ad05bb17ec600075bd760f86352bcffd3302d562eb8b3a67970993f4dc07db16bbe0e5aab8e3473c', 1939575);
INSERT INTO public._sqlx_migrations VALUES (42, 'stats daily', '2026-11-29 23:57:18.746859+00', true, '\xd6076050586eccb59f4ccf2d5210b4a56e1d84ab786f8d486348b209660a7498e5e547c1f2d7915de92d8a31680ff414', 2555842);
INSERT INTO public._sqlx_migrations VALUES (43, 'news list covering', '2026-11-29 23:57:18.749769+00', true, '\x5c7d72ddd16fcfa4305ae8c39edb19de4f3987567e7e7b573159f7797583288b844055d2af6f54d471cf5a67ffe7559f', 2398649);
INSERT INTO public._sqlx_migrations VALUES (44, 'rate limit slots', '2026-11-29 23:57:18.752582+00', true, '\x01d023a868db442db6a1bbd52e8ac3cd688865ea1b913732a4029352ef1da83a9f93fa4dac66b15d4f61082788a85924', 3114123);
INSERT INTO public._sqlx_migrations VALUES (45, 'promotions hunt', '2026-11-29 23:57:18.757443+00', true, '\xba17e68784f0b558a6cd2e96bffe414b8961fccf85758b1c459d87309cfa58431f9f2dcefd9afb2dedd0475edcc944b0', 12238056);
INSERT INTO public._sqlx_migrations VALUES (46, 'forms', '2026-11-29 23:57:18.770145+00', true, '\x11e21235fe71a2d95f231d8d5f5bd21e304dfdb06f7792f62a74e3ee4d57ed3fccafe4daec34be5367576e7f31ed6a58', 5031585);
INSERT INTO public._sqlx_migrations VALUES (47, 'poll votes', '2026-11-29 23:57:18.775539+00', true, '\x3ded31de583c283400fd440efeaea0f807cac25a086700385bc79a488d9e3adb4b11022a1163a84ae085621b44a7508e', 4172306);
INSERT INTO public._sqlx_migrations VALUES (48, 'newsroom', '2026-11-29 23:57:18.780142+00', true, '\x8446f5183e388096e78ada0c1122cd4d946efd6370f595d7dd44acccad043517055f4584ad113bbd4bb059e9ea5eb693', 8839414);
INSERT INTO public._sqlx_migrations VALUES (49, 'promotions desk', '2026-11-29 23:57:18.789547+00', true, '\x165469f640a38ba0d8bbe8138c49aa9432c9d77a881747c2ca6293f4bcf07f6e2f208f1a6e094cb6bf5d993d229c5215', 2885233);
INSERT INTO public._sqlx_migrations VALUES (50, 'top100 lists', '2026-11-29 23:57:18.792839+00', true, '\xb784fe5de8bd0bf3d71e45f6aebfa19b4328bfd0b8c09a09fee779976244fd02fe37b7240aa833923d4b8aafb372cf10', 6336797);
INSERT INTO public._sqlx_migrations VALUES (51, 'podcast recordings desk', '2026-11-29 23:57:18.799654+00', true, '\x3d9563703150cf9d33670114a05bb20a59d4e3d7073915e61999c575b8ed7cb881f1c4d8e807574b40b770798fbba236', 9300216);
INSERT INTO public._sqlx_migrations VALUES (52, 'live sources', '2026-11-29 23:57:18.80965+00', true, '\xf0de87d3e65c2398c59fde46353c3e88c3272ea91e19bca307a9160e2291749f192a423a55ac7a83f2761678699ead61', 3975444);


--
-- Data for Name: ad_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: affiliates; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: albums; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: analytics_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: artists; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: audit_log; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: cities; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: client_locations; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: clients; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: day_sentences; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: email_codes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: form_submissions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: hunt_players; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: hunt_prizes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: hunt_wins; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: journalists; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: legal_texts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: listener_daily; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: listener_hourly; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: listener_samples; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: listener_sessions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: live_sources; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: news; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: news_categories; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: news_daily_views; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: news_tags; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: news_views; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: partners; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: play_history; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: podcast_collections; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: podcast_recording_tags; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: podcast_recordings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: podcast_shows; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: poll_answers; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: poll_votes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: polls; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pro_faqs; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: programs; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: promotion_answers; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: promotion_draws; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: promotion_winners; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: promotions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: radio_instances; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rate_limit_slots; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: reset_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: settings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: song_ratings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: songs; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: spots; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: staff_permissions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: states; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: stream_sources; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: streams; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: tags; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: top100_entries; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: top100_lists; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: top10_categories; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: top10_entries; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: treasure_hunts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: video_playlists; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: ad_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.ad_events_id_seq', 1, false);


--
-- Name: affiliates_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.affiliates_id_seq', 1, false);


--
-- Name: albums_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.albums_id_seq', 1, false);


--
-- Name: analytics_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.analytics_events_id_seq', 1, false);


--
-- Name: artists_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.artists_id_seq', 1, false);


--
-- Name: audit_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_log_id_seq', 1, false);


--
-- Name: clients_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.clients_id_seq', 1, false);


--
-- Name: day_sentences_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.day_sentences_id_seq', 1, false);


--
-- Name: form_submissions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.form_submissions_id_seq', 1, false);


--
-- Name: hunt_prizes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.hunt_prizes_id_seq', 1, false);


--
-- Name: hunt_wins_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.hunt_wins_id_seq', 1, false);


--
-- Name: journalists_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.journalists_id_seq', 1, false);


--
-- Name: legal_texts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.legal_texts_id_seq', 1, false);


--
-- Name: listener_sessions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.listener_sessions_id_seq', 1, false);


--
-- Name: news_categories_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.news_categories_id_seq', 1, false);


--
-- Name: news_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.news_id_seq', 1, false);


--
-- Name: news_views_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.news_views_id_seq', 1, false);


--
-- Name: partners_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.partners_id_seq', 1, false);


--
-- Name: play_history_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.play_history_id_seq', 1, false);


--
-- Name: podcast_collections_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.podcast_collections_id_seq', 1, false);


--
-- Name: podcast_recordings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.podcast_recordings_id_seq', 1, false);


--
-- Name: podcast_shows_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.podcast_shows_id_seq', 1, false);


--
-- Name: poll_answers_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.poll_answers_id_seq', 1, false);


--
-- Name: poll_votes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.poll_votes_id_seq', 1, false);


--
-- Name: polls_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.polls_id_seq', 1, false);


--
-- Name: pro_faqs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.pro_faqs_id_seq', 1, false);


--
-- Name: programs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.programs_id_seq', 1, false);


--
-- Name: promotion_answers_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.promotion_answers_id_seq', 1, false);


--
-- Name: promotion_draws_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.promotion_draws_id_seq', 1, false);


--
-- Name: promotion_winners_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.promotion_winners_id_seq', 1, false);


--
-- Name: promotions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.promotions_id_seq', 1, false);


--
-- Name: song_ratings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.song_ratings_id_seq', 1, false);


--
-- Name: songs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.songs_id_seq', 1, false);


--
-- Name: spots_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.spots_id_seq', 1, false);


--
-- Name: stream_sources_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.stream_sources_id_seq', 1, false);


--
-- Name: streams_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.streams_id_seq', 1, false);


--
-- Name: subscriptions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.subscriptions_id_seq', 1, false);


--
-- Name: tags_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.tags_id_seq', 1, false);


--
-- Name: top100_lists_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.top100_lists_id_seq', 1, false);


--
-- Name: top10_categories_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.top10_categories_id_seq', 1, false);


--
-- Name: treasure_hunts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.treasure_hunts_id_seq', 1, false);


--
-- Name: users_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.users_id_seq', 1, false);


--
-- Name: video_playlists_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.video_playlists_id_seq', 1, false);


--
-- Name: videos_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.videos_id_seq', 1, false);


--
-- Name: _sqlx_migrations _sqlx_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public._sqlx_migrations
    ADD CONSTRAINT _sqlx_migrations_pkey PRIMARY KEY (version);


--
-- Name: ad_events ad_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ad_events
    ADD CONSTRAINT ad_events_pkey PRIMARY KEY (id);


--
-- Name: affiliates affiliates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.affiliates
    ADD CONSTRAINT affiliates_pkey PRIMARY KEY (id);


--
-- Name: affiliates affiliates_sid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.affiliates
    ADD CONSTRAINT affiliates_sid_key UNIQUE (sid);


--
-- Name: albums albums_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.albums
    ADD CONSTRAINT albums_pkey PRIMARY KEY (id);


--
-- Name: albums albums_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.albums
    ADD CONSTRAINT albums_slug_key UNIQUE (slug);


--
-- Name: analytics_events analytics_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analytics_events
    ADD CONSTRAINT analytics_events_pkey PRIMARY KEY (id);


--
-- Name: artists artists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.artists
    ADD CONSTRAINT artists_pkey PRIMARY KEY (id);


--
-- Name: artists artists_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.artists
    ADD CONSTRAINT artists_slug_key UNIQUE (slug);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: cities cities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_pkey PRIMARY KEY (id);


--
-- Name: client_locations client_locations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_locations
    ADD CONSTRAINT client_locations_pkey PRIMARY KEY (client_id, location);


--
-- Name: clients clients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (id);


--
-- Name: clients clients_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_slug_key UNIQUE (slug);


--
-- Name: day_sentences day_sentences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.day_sentences
    ADD CONSTRAINT day_sentences_pkey PRIMARY KEY (id);


--
-- Name: email_codes email_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_codes
    ADD CONSTRAINT email_codes_pkey PRIMARY KEY (user_id);


--
-- Name: form_submissions form_submissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.form_submissions
    ADD CONSTRAINT form_submissions_pkey PRIMARY KEY (id);


--
-- Name: hunt_players hunt_players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_players
    ADD CONSTRAINT hunt_players_pkey PRIMARY KEY (hunt_id, user_id);


--
-- Name: hunt_prizes hunt_prizes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_prizes
    ADD CONSTRAINT hunt_prizes_pkey PRIMARY KEY (id);


--
-- Name: hunt_prizes hunt_prizes_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_prizes
    ADD CONSTRAINT hunt_prizes_slug_key UNIQUE (slug);


--
-- Name: hunt_wins hunt_wins_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_wins
    ADD CONSTRAINT hunt_wins_pkey PRIMARY KEY (id);


--
-- Name: journalists journalists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journalists
    ADD CONSTRAINT journalists_pkey PRIMARY KEY (id);


--
-- Name: journalists journalists_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journalists
    ADD CONSTRAINT journalists_slug_key UNIQUE (slug);


--
-- Name: legal_texts legal_texts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_texts
    ADD CONSTRAINT legal_texts_pkey PRIMARY KEY (id);


--
-- Name: legal_texts legal_texts_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_texts
    ADD CONSTRAINT legal_texts_slug_key UNIQUE (slug);


--
-- Name: listener_daily listener_daily_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_daily
    ADD CONSTRAINT listener_daily_pkey PRIMARY KEY (at, channel);


--
-- Name: listener_hourly listener_hourly_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_hourly
    ADD CONSTRAINT listener_hourly_pkey PRIMARY KEY (at, channel);


--
-- Name: listener_samples listener_samples_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_samples
    ADD CONSTRAINT listener_samples_pkey PRIMARY KEY (at, channel);


--
-- Name: listener_sessions listener_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_sessions
    ADD CONSTRAINT listener_sessions_pkey PRIMARY KEY (id);


--
-- Name: listener_sessions listener_sessions_session_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_sessions
    ADD CONSTRAINT listener_sessions_session_key_key UNIQUE (session_key);


--
-- Name: live_sources live_sources_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.live_sources
    ADD CONSTRAINT live_sources_pkey PRIMARY KEY (stream_id);


--
-- Name: news_categories news_categories_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_categories
    ADD CONSTRAINT news_categories_pkey PRIMARY KEY (id);


--
-- Name: news_categories news_categories_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_categories
    ADD CONSTRAINT news_categories_slug_key UNIQUE (slug);


--
-- Name: news_daily_views news_daily_views_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_daily_views
    ADD CONSTRAINT news_daily_views_pkey PRIMARY KEY (news_id, day);


--
-- Name: news news_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_pkey PRIMARY KEY (id);


--
-- Name: news news_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_slug_key UNIQUE (slug);


--
-- Name: news_tags news_tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_tags
    ADD CONSTRAINT news_tags_pkey PRIMARY KEY (news_id, tag_id);


--
-- Name: news_views news_views_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_views
    ADD CONSTRAINT news_views_pkey PRIMARY KEY (id);


--
-- Name: partners partners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.partners
    ADD CONSTRAINT partners_pkey PRIMARY KEY (id);


--
-- Name: partners partners_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.partners
    ADD CONSTRAINT partners_slug_key UNIQUE (slug);


--
-- Name: play_history play_history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.play_history
    ADD CONSTRAINT play_history_pkey PRIMARY KEY (id);


--
-- Name: podcast_collections podcast_collections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_collections
    ADD CONSTRAINT podcast_collections_pkey PRIMARY KEY (id);


--
-- Name: podcast_collections podcast_collections_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_collections
    ADD CONSTRAINT podcast_collections_slug_key UNIQUE (slug);


--
-- Name: podcast_recording_tags podcast_recording_tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recording_tags
    ADD CONSTRAINT podcast_recording_tags_pkey PRIMARY KEY (recording_id, "position");


--
-- Name: podcast_recordings podcast_recordings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recordings
    ADD CONSTRAINT podcast_recordings_pkey PRIMARY KEY (id);


--
-- Name: podcast_recordings podcast_recordings_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recordings
    ADD CONSTRAINT podcast_recordings_slug_key UNIQUE (slug);


--
-- Name: podcast_shows podcast_shows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_shows
    ADD CONSTRAINT podcast_shows_pkey PRIMARY KEY (id);


--
-- Name: podcast_shows podcast_shows_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_shows
    ADD CONSTRAINT podcast_shows_slug_key UNIQUE (slug);


--
-- Name: poll_answers poll_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_answers
    ADD CONSTRAINT poll_answers_pkey PRIMARY KEY (id);


--
-- Name: poll_votes poll_votes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_pkey PRIMARY KEY (id);


--
-- Name: polls polls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_pkey PRIMARY KEY (id);


--
-- Name: pro_faqs pro_faqs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pro_faqs
    ADD CONSTRAINT pro_faqs_pkey PRIMARY KEY (id);


--
-- Name: programs programs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.programs
    ADD CONSTRAINT programs_pkey PRIMARY KEY (id);


--
-- Name: programs programs_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.programs
    ADD CONSTRAINT programs_slug_key UNIQUE (slug);


--
-- Name: promotion_answers promotion_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_answers
    ADD CONSTRAINT promotion_answers_pkey PRIMARY KEY (id);


--
-- Name: promotion_draws promotion_draws_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_draws
    ADD CONSTRAINT promotion_draws_pkey PRIMARY KEY (id);


--
-- Name: promotion_winners promotion_winners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners
    ADD CONSTRAINT promotion_winners_pkey PRIMARY KEY (id);


--
-- Name: promotions promotions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotions
    ADD CONSTRAINT promotions_pkey PRIMARY KEY (id);


--
-- Name: promotions promotions_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotions
    ADD CONSTRAINT promotions_slug_key UNIQUE (slug);


--
-- Name: radio_instances radio_instances_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.radio_instances
    ADD CONSTRAINT radio_instances_pkey PRIMARY KEY (instance);


--
-- Name: rate_limit_slots rate_limit_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit_slots
    ADD CONSTRAINT rate_limit_slots_pkey PRIMARY KEY (bucket, slot);


--
-- Name: reset_tokens reset_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens
    ADD CONSTRAINT reset_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);


--
-- Name: song_ratings song_ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.song_ratings
    ADD CONSTRAINT song_ratings_pkey PRIMARY KEY (id);


--
-- Name: songs songs_artist_id_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.songs
    ADD CONSTRAINT songs_artist_id_slug_key UNIQUE (artist_id, slug);


--
-- Name: songs songs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.songs
    ADD CONSTRAINT songs_pkey PRIMARY KEY (id);


--
-- Name: spots spots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spots
    ADD CONSTRAINT spots_pkey PRIMARY KEY (id);


--
-- Name: spots spots_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spots
    ADD CONSTRAINT spots_slug_key UNIQUE (slug);


--
-- Name: staff_permissions staff_permissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_permissions
    ADD CONSTRAINT staff_permissions_pkey PRIMARY KEY (user_id, permission);


--
-- Name: states states_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.states
    ADD CONSTRAINT states_pkey PRIMARY KEY (id);


--
-- Name: states states_uf_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.states
    ADD CONSTRAINT states_uf_key UNIQUE (uf);


--
-- Name: stream_sources stream_sources_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stream_sources
    ADD CONSTRAINT stream_sources_pkey PRIMARY KEY (id);


--
-- Name: streams streams_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.streams
    ADD CONSTRAINT streams_pkey PRIMARY KEY (id);


--
-- Name: streams streams_stream_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.streams
    ADD CONSTRAINT streams_stream_id_key UNIQUE (stream_id);


--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);


--
-- Name: tags tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);


--
-- Name: tags tags_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_slug_key UNIQUE (slug);


--
-- Name: top100_lists top100_lists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_lists
    ADD CONSTRAINT top100_lists_pkey PRIMARY KEY (id);


--
-- Name: top100_lists top100_lists_year_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_lists
    ADD CONSTRAINT top100_lists_year_key UNIQUE (year);


--
-- Name: top100_entries top100_ranks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_entries
    ADD CONSTRAINT top100_ranks_pkey PRIMARY KEY (list_id, "position");


--
-- Name: top10_categories top10_categories_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_categories
    ADD CONSTRAINT top10_categories_pkey PRIMARY KEY (id);


--
-- Name: top10_categories top10_categories_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_categories
    ADD CONSTRAINT top10_categories_slug_key UNIQUE (slug);


--
-- Name: top10_entries top10_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_entries
    ADD CONSTRAINT top10_entries_pkey PRIMARY KEY (category_id, "position");


--
-- Name: treasure_hunts treasure_hunts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treasure_hunts
    ADD CONSTRAINT treasure_hunts_pkey PRIMARY KEY (id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: video_playlists video_playlists_external_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_playlists
    ADD CONSTRAINT video_playlists_external_id_key UNIQUE (external_id);


--
-- Name: video_playlists video_playlists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_playlists
    ADD CONSTRAINT video_playlists_pkey PRIMARY KEY (id);


--
-- Name: video_playlists video_playlists_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_playlists
    ADD CONSTRAINT video_playlists_slug_key UNIQUE (slug);


--
-- Name: videos videos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_pkey PRIMARY KEY (id);


--
-- Name: videos videos_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_slug_key UNIQUE (slug);


--
-- Name: webhook_events webhook_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events
    ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (id);


--
-- Name: ad_events_ad; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ad_events_ad ON public.ad_events USING btree (ad_id, event, at_ms);


--
-- Name: affiliates_state; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX affiliates_state ON public.affiliates USING btree (state);


--
-- Name: albums_artist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX albums_artist ON public.albums USING btree (artist_id);


--
-- Name: analytics_events_client; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX analytics_events_client ON public.analytics_events USING btree (client_id, at_ms);


--
-- Name: analytics_events_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX analytics_events_kind ON public.analytics_events USING btree (category, action, at_ms);


--
-- Name: artists_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX artists_name ON public.artists USING btree (name);


--
-- Name: audit_log_entity; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_entity ON public.audit_log USING btree (entity, entity_id, id);


--
-- Name: cities_state_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cities_state_name ON public.cities USING btree (state_id, name);


--
-- Name: client_locations_location; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX client_locations_location ON public.client_locations USING btree (location);


--
-- Name: clients_segment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX clients_segment ON public.clients USING btree (segment, name);


--
-- Name: form_submissions_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX form_submissions_created ON public.form_submissions USING btree (created_at);


--
-- Name: form_submissions_file; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX form_submissions_file ON public.form_submissions USING btree (file_path);


--
-- Name: form_submissions_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX form_submissions_kind ON public.form_submissions USING btree (kind, id);


--
-- Name: form_submissions_unmailed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX form_submissions_unmailed ON public.form_submissions USING btree (next_mail_at) WHERE (mailed_at IS NULL);


--
-- Name: hunt_prizes_hunt; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hunt_prizes_hunt ON public.hunt_prizes USING btree (hunt_id, "position");


--
-- Name: hunt_wins_hunt; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hunt_wins_hunt ON public.hunt_wins USING btree (hunt_id, prize_id);


--
-- Name: hunt_wins_pending; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX hunt_wins_pending ON public.hunt_wins USING btree (user_id) WHERE (status <> 'shared'::text);


--
-- Name: listener_daily_channel; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_daily_channel ON public.listener_daily USING btree (channel, at) INCLUDE (samples, max_listeners, min_listeners, sum_listeners);


--
-- Name: listener_hourly_channel; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_hourly_channel ON public.listener_hourly USING btree (channel, at) INCLUDE (samples, max_listeners, min_listeners, sum_listeners);


--
-- Name: listener_samples_channel; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_samples_channel ON public.listener_samples USING btree (channel, at);


--
-- Name: listener_sessions_open; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_sessions_open ON public.listener_sessions USING btree (ended_at_ms, instance);


--
-- Name: listener_sessions_started; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_sessions_started ON public.listener_sessions USING btree (started_at_ms);


--
-- Name: listener_sessions_stream; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listener_sessions_stream ON public.listener_sessions USING btree (stream_id, started_at_ms);


--
-- Name: news_category_changed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_category_changed ON public.news USING btree (category_id, changed_at, id);


--
-- Name: news_category_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_category_published ON public.news USING btree (category_id, published_at, id) INCLUDE (is_pro, source);


--
-- Name: news_changed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_changed ON public.news USING btree (changed_at, id);


--
-- Name: news_daily_views_day; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_daily_views_day ON public.news_daily_views USING btree (day);


--
-- Name: news_daily_views_week; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_daily_views_week ON public.news_daily_views USING btree (day, news_id, views);


--
-- Name: news_journalist_changed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_journalist_changed ON public.news USING btree (journalist_id, changed_at, id);


--
-- Name: news_journalist_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_journalist_published ON public.news USING btree (journalist_id, published_at);


--
-- Name: news_podcast_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_podcast_published ON public.news USING btree (podcast_show_id, published_at);


--
-- Name: news_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_published ON public.news USING btree (published_at, id) INCLUDE (is_pro, source, category_id);


--
-- Name: news_source_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_source_published ON public.news USING btree (source, published_at);


--
-- Name: news_state_changed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_state_changed ON public.news USING btree (state, changed_at, id);


--
-- Name: news_tags_tag; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_tags_tag ON public.news_tags USING btree (tag_id, news_id);


--
-- Name: news_views_news; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_views_news ON public.news_views USING btree (news_id, viewed_at);


--
-- Name: news_views_once; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX news_views_once ON public.news_views USING btree (session_hash, news_id, day);


--
-- Name: news_views_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_views_user ON public.news_views USING btree (user_id);


--
-- Name: play_history_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX play_history_hash ON public.play_history USING btree (music_hash);


--
-- Name: play_history_meta; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX play_history_meta ON public.play_history USING btree (meta_id, started_at_ms);


--
-- Name: podcast_recordings_collection; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX podcast_recordings_collection ON public.podcast_recordings USING btree (collection_id, published_at);


--
-- Name: podcast_recordings_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX podcast_recordings_published ON public.podcast_recordings USING btree (published_at);


--
-- Name: poll_answers_poll; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX poll_answers_poll ON public.poll_answers USING btree (poll_id, "position");


--
-- Name: poll_votes_answer; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX poll_votes_answer ON public.poll_votes USING btree (answer_id);


--
-- Name: poll_votes_once; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX poll_votes_once ON public.poll_votes USING btree (poll_id, voter);


--
-- Name: poll_votes_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX poll_votes_user ON public.poll_votes USING btree (user_id);


--
-- Name: promotion_answers_promotion; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotion_answers_promotion ON public.promotion_answers USING btree (promotion_id, user_id);


--
-- Name: promotion_answers_single; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX promotion_answers_single ON public.promotion_answers USING btree (promotion_id, single_user);


--
-- Name: promotion_answers_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotion_answers_user ON public.promotion_answers USING btree (user_id, promotion_id, id);


--
-- Name: promotion_draws_promotion; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotion_draws_promotion ON public.promotion_draws USING btree (promotion_id);


--
-- Name: promotion_winners_promotion; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotion_winners_promotion ON public.promotion_winners USING btree (promotion_id);


--
-- Name: promotion_winners_user; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX promotion_winners_user ON public.promotion_winners USING btree (promotion_id, user_id);


--
-- Name: promotions_ends; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotions_ends ON public.promotions USING btree (is_published, ends_at);


--
-- Name: promotions_starts; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX promotions_starts ON public.promotions USING btree (starts_at, id);


--
-- Name: rate_limit_slots_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limit_slots_at ON public.rate_limit_slots USING btree (at);


--
-- Name: reset_tokens_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reset_tokens_user ON public.reset_tokens USING btree (user_id);


--
-- Name: sessions_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user ON public.sessions USING btree (user_id);


--
-- Name: song_ratings_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX song_ratings_hash ON public.song_ratings USING btree (music_hash);


--
-- Name: song_ratings_once; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX song_ratings_once ON public.song_ratings USING btree (user_id, music_hash);


--
-- Name: song_ratings_song; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX song_ratings_song ON public.song_ratings USING btree (artist, song);


--
-- Name: songs_album; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX songs_album ON public.songs USING btree (album_id);


--
-- Name: songs_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX songs_name ON public.songs USING btree (name);


--
-- Name: songs_slug; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX songs_slug ON public.songs USING btree (slug);


--
-- Name: spots_client; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX spots_client ON public.spots USING btree (client_id, "position");


--
-- Name: stream_sources_stream; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stream_sources_stream ON public.stream_sources USING btree (stream_id, "position");


--
-- Name: subscriptions_external; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX subscriptions_external ON public.subscriptions USING btree (source, external_id);


--
-- Name: subscriptions_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscriptions_user ON public.subscriptions USING btree (user_id);


--
-- Name: users_cpf; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_cpf ON public.users USING btree (cpf);


--
-- Name: users_email_lower; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower ON public.users USING btree (lower(email));


--
-- Name: users_firebase_uid; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_firebase_uid ON public.users USING btree (firebase_uid);


--
-- Name: videos_playlist_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_playlist_published ON public.videos USING btree (playlist_id, published_at);


--
-- Name: videos_published; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_published ON public.videos USING btree (published_at);


--
-- Name: albums albums_artist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.albums
    ADD CONSTRAINT albums_artist_id_fkey FOREIGN KEY (artist_id) REFERENCES public.artists(id);


--
-- Name: analytics_events analytics_events_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analytics_events
    ADD CONSTRAINT analytics_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: audit_log audit_log_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: cities cities_state_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_state_id_fkey FOREIGN KEY (state_id) REFERENCES public.states(id);


--
-- Name: client_locations client_locations_client_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_locations
    ADD CONSTRAINT client_locations_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: email_codes email_codes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_codes
    ADD CONSTRAINT email_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: form_submissions form_submissions_handled_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.form_submissions
    ADD CONSTRAINT form_submissions_handled_by_fkey FOREIGN KEY (handled_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: form_submissions form_submissions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.form_submissions
    ADD CONSTRAINT form_submissions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: hunt_players hunt_players_hunt_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_players
    ADD CONSTRAINT hunt_players_hunt_id_fkey FOREIGN KEY (hunt_id) REFERENCES public.treasure_hunts(id) ON DELETE CASCADE;


--
-- Name: hunt_players hunt_players_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_players
    ADD CONSTRAINT hunt_players_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: hunt_prizes hunt_prizes_hunt_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_prizes
    ADD CONSTRAINT hunt_prizes_hunt_id_fkey FOREIGN KEY (hunt_id) REFERENCES public.treasure_hunts(id) ON DELETE CASCADE;


--
-- Name: hunt_wins hunt_wins_hunt_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_wins
    ADD CONSTRAINT hunt_wins_hunt_id_fkey FOREIGN KEY (hunt_id) REFERENCES public.treasure_hunts(id) ON DELETE CASCADE;


--
-- Name: hunt_wins hunt_wins_prize_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_wins
    ADD CONSTRAINT hunt_wins_prize_id_fkey FOREIGN KEY (prize_id) REFERENCES public.hunt_prizes(id) ON DELETE CASCADE;


--
-- Name: hunt_wins hunt_wins_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hunt_wins
    ADD CONSTRAINT hunt_wins_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: listener_sessions listener_sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listener_sessions
    ADD CONSTRAINT listener_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: news news_category_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.news_categories(id);


--
-- Name: news news_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: news_daily_views news_daily_views_news_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_daily_views
    ADD CONSTRAINT news_daily_views_news_id_fkey FOREIGN KEY (news_id) REFERENCES public.news(id) ON DELETE CASCADE;


--
-- Name: news news_journalist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_journalist_id_fkey FOREIGN KEY (journalist_id) REFERENCES public.journalists(id);


--
-- Name: news news_podcast_show_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_podcast_show_id_fkey FOREIGN KEY (podcast_show_id) REFERENCES public.podcast_shows(id);


--
-- Name: news_tags news_tags_news_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_tags
    ADD CONSTRAINT news_tags_news_id_fkey FOREIGN KEY (news_id) REFERENCES public.news(id) ON DELETE CASCADE;


--
-- Name: news_tags news_tags_tag_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_tags
    ADD CONSTRAINT news_tags_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES public.tags(id) ON DELETE CASCADE;


--
-- Name: news_views news_views_news_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_views
    ADD CONSTRAINT news_views_news_id_fkey FOREIGN KEY (news_id) REFERENCES public.news(id) ON DELETE CASCADE;


--
-- Name: news_views news_views_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news_views
    ADD CONSTRAINT news_views_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: podcast_recording_tags podcast_recording_tags_recording_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recording_tags
    ADD CONSTRAINT podcast_recording_tags_recording_id_fkey FOREIGN KEY (recording_id) REFERENCES public.podcast_recordings(id) ON DELETE CASCADE;


--
-- Name: podcast_recordings podcast_recordings_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.podcast_recordings
    ADD CONSTRAINT podcast_recordings_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES public.podcast_collections(id) ON DELETE CASCADE;


--
-- Name: poll_answers poll_answers_poll_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_answers
    ADD CONSTRAINT poll_answers_poll_id_fkey FOREIGN KEY (poll_id) REFERENCES public.polls(id) ON DELETE CASCADE;


--
-- Name: poll_votes poll_votes_answer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_answer_id_fkey FOREIGN KEY (answer_id) REFERENCES public.poll_answers(id) ON DELETE CASCADE;


--
-- Name: poll_votes poll_votes_poll_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_poll_id_fkey FOREIGN KEY (poll_id) REFERENCES public.polls(id) ON DELETE CASCADE;


--
-- Name: poll_votes poll_votes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: promotion_answers promotion_answers_promotion_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_answers
    ADD CONSTRAINT promotion_answers_promotion_id_fkey FOREIGN KEY (promotion_id) REFERENCES public.promotions(id) ON DELETE CASCADE;


--
-- Name: promotion_answers promotion_answers_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_answers
    ADD CONSTRAINT promotion_answers_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: promotion_draws promotion_draws_promotion_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_draws
    ADD CONSTRAINT promotion_draws_promotion_id_fkey FOREIGN KEY (promotion_id) REFERENCES public.promotions(id) ON DELETE CASCADE;


--
-- Name: promotion_winners promotion_winners_draw_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners
    ADD CONSTRAINT promotion_winners_draw_id_fkey FOREIGN KEY (draw_id) REFERENCES public.promotion_draws(id) ON DELETE SET NULL;


--
-- Name: promotion_winners promotion_winners_promotion_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners
    ADD CONSTRAINT promotion_winners_promotion_id_fkey FOREIGN KEY (promotion_id) REFERENCES public.promotions(id) ON DELETE CASCADE;


--
-- Name: promotion_winners promotion_winners_state_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners
    ADD CONSTRAINT promotion_winners_state_id_fkey FOREIGN KEY (state_id) REFERENCES public.states(id);


--
-- Name: promotion_winners promotion_winners_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.promotion_winners
    ADD CONSTRAINT promotion_winners_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: reset_tokens reset_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens
    ADD CONSTRAINT reset_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: song_ratings song_ratings_play_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.song_ratings
    ADD CONSTRAINT song_ratings_play_id_fkey FOREIGN KEY (play_id) REFERENCES public.play_history(id) ON DELETE SET NULL;


--
-- Name: song_ratings song_ratings_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.song_ratings
    ADD CONSTRAINT song_ratings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: songs songs_album_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.songs
    ADD CONSTRAINT songs_album_id_fkey FOREIGN KEY (album_id) REFERENCES public.albums(id);


--
-- Name: songs songs_artist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.songs
    ADD CONSTRAINT songs_artist_id_fkey FOREIGN KEY (artist_id) REFERENCES public.artists(id);


--
-- Name: spots spots_client_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spots
    ADD CONSTRAINT spots_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: staff_permissions staff_permissions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_permissions
    ADD CONSTRAINT staff_permissions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: stream_sources stream_sources_stream_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stream_sources
    ADD CONSTRAINT stream_sources_stream_id_fkey FOREIGN KEY (stream_id) REFERENCES public.streams(id) ON DELETE CASCADE;


--
-- Name: subscriptions subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: top100_entries top100_ranks_list_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_entries
    ADD CONSTRAINT top100_ranks_list_id_fkey FOREIGN KEY (list_id) REFERENCES public.top100_lists(id) ON DELETE CASCADE;


--
-- Name: top100_entries top100_ranks_song_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top100_entries
    ADD CONSTRAINT top100_ranks_song_id_fkey FOREIGN KEY (song_id) REFERENCES public.songs(id);


--
-- Name: top10_entries top10_entries_category_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_entries
    ADD CONSTRAINT top10_entries_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.top10_categories(id) ON DELETE CASCADE;


--
-- Name: top10_entries top10_entries_song_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.top10_entries
    ADD CONSTRAINT top10_entries_song_id_fkey FOREIGN KEY (song_id) REFERENCES public.songs(id);


--
-- Name: videos videos_playlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_playlist_id_fkey FOREIGN KEY (playlist_id) REFERENCES public.video_playlists(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 9KsMgQjVRBTz3VTAhKAJs08Iy7fcXgWbqh46D73xLalOaSe2wd4hm3xNlVtZLF1

