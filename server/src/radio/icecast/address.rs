//! Which hosts the station may ask for an Icecast status. The address comes from whoever edits the
//! channels, and the server fetches it by itself, from inside the station's network: pointed at the
//! server's own machine or its private network (an admin page on 127.0.0.1, a cloud's metadata
//! address, a database's HTTP port), the poll would reach services that are meant to be reached from
//! inside only. So only public addresses qualify, judged on what a name resolves to, not on how it is
//! written (`localhost`, `2130706433` and `[::ffff:127.0.0.1]` are all the server itself).
//!
//! The operator may trust private servers of their own (an Icecast on the same host) by listing them
//! in `ONDA_ICECAST_ALLOW_PRIVATE`, read once at start: `host` or `host:port` entries separated by
//! commas (`127.0.0.1:8000,icecast.internal,[::1]:8000`). Nothing the back office sends can change
//! that list.

use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    sync::{LazyLock, PoisonError, RwLock},
    time::Duration,
};

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// The environment variable listing the private Icecast servers the operator trusts.
pub const ALLOW_PRIVATE_VAR: &str = "ONDA_ICECAST_ALLOW_PRIVATE";

/// How long the back office waits for a source's name to resolve before saving it unchecked (the
/// poller checks again on every poll, which is the check that counts): a save stays under two
/// seconds even when the resolver does not answer.
const SAVE_LOOKUP_TIMEOUT: Duration = Duration::from_millis(1500);

/// Whether `ip` is an address of the public internet. Refused: unspecified and "this network"
/// (0.0.0.0/8, ::), loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7 and the old
/// site-local fec0::/10), link-local (169.254/16, fe80::/10), shared CGNAT space (100.64/10), the
/// IETF's protocol assignments (192.0.0/24, 2001::/23), documentation and benchmarking ranges,
/// multicast, broadcast and the reserved 240/4, the discard prefix 100::/64, and every IPv6 form that
/// carries an IPv4 address (mapped, compatible, NAT64, 6to4), judged by that IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => v4_is_public(ip),
        IpAddr::V6(ip) => v6_is_public(ip),
    }
}

fn v4_is_public(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || (a == 100 && (b & 0xc0) == 64)
        || (a == 192 && b == 0 && c == 0)
        || ip.is_documentation()
        || (a == 198 && (b & 0xfe) == 18)
        || ip.is_multicast()
        || a >= 240)
}

/// The IPv4 address an IPv6 address stands for, if it is one of the forms that carry one.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let v4 = |high: u16, low: u16| {
        let [a, b] = high.to_be_bytes();
        let [c, d] = low.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    match s {
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; also :: and ::1)
        [0, 0, 0, 0, 0, 0xffff | 0, high, low] => Some(v4(high, low)),
        // 64:ff9b::a.b.c.d (NAT64, well-known prefix) and 64:ff9b:1::/48 (local-use NAT64)
        [0x64, 0xff9b, 0, 0, 0, 0, high, low] | [0x64, 0xff9b, 1, _, _, _, high, low] => Some(v4(high, low)),
        // 2002:aabb:ccdd::/48 (6to4)
        [0x2002, high, low, ..] => Some(v4(high, low)),
        _ => None,
    }
}

fn v6_is_public(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return v4_is_public(v4);
    }
    let s = ip.segments();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        || ip.is_multicast()
        || (s[0] == 0x2001 && s[1] < 0x0200)
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        || (s[0] == 0x3fff && s[1] < 0x1000)
        || s[..4] == [0x0100, 0, 0, 0])
}

/// The private hosts (and ports) the operator trusts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList {
    entries: Vec<(String, Option<u16>)>,
}

impl AllowList {
    /// Parses `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address, separated by commas;
    /// an entry that is none of these is skipped with a warning.
    pub fn parse(text: &str) -> Self {
        let mut list = Self::default();
        for entry in text.split(',').map(str::trim).filter(|entry| !entry.is_empty()) {
            if !list.add(entry) {
                tracing::warn!(
                    entry,
                    variable = ALLOW_PRIVATE_VAR,
                    "not a host or host:port, ignored"
                );
            }
        }
        list
    }

    /// Adds one entry; false when it is not a host or host:port.
    pub fn add(&mut self, entry: &str) -> bool {
        let (host, port) = if let Some(rest) = entry.strip_prefix('[') {
            let Some((host, after)) = rest.split_once(']') else {
                return false;
            };
            match after.strip_prefix(':') {
                Some(port) => (host, Some(port)),
                None if after.is_empty() => (host, None),
                None => return false,
            }
        } else if entry.matches(':').count() == 1 {
            let (host, port) = entry.split_once(':').unwrap_or((entry, ""));
            (host, Some(port))
        } else {
            (entry, None)
        };
        let port = match port.map(str::parse::<u16>) {
            None => None,
            Some(Ok(port)) => Some(port),
            Some(Err(_)) => return false,
        };
        let host = normal_host(host);
        if host.is_empty() || host.contains(['/', '@', ' ', '[', ']']) {
            return false;
        }
        self.entries.push((host, port));
        true
    }

    /// Whether the operator trusts `host` (as a URL writes it; IPv6 in brackets or not) on `port`.
    pub fn allows(&self, host: &str, port: u16) -> bool {
        let host = normal_host(host);
        let ip = host.parse::<IpAddr>().ok();
        self.entries.iter().any(|(allowed, allowed_port)| {
            allowed_port.is_none_or(|allowed_port| allowed_port == port)
                && match (ip, allowed.parse::<IpAddr>().ok()) {
                    (Some(ip), Some(allowed)) => ip == allowed,
                    _ => *allowed == host,
                }
        })
    }
}

/// Lower case, without IPv6 brackets or the root's final dot.
fn normal_host(host: &str) -> String {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase()
}

/// The operator's list, read from the environment once, plus what [`allow_private`] added.
static ALLOWED: LazyLock<RwLock<AllowList>> = LazyLock::new(|| {
    RwLock::new(
        std::env::var(ALLOW_PRIVATE_VAR)
            .map(|text| AllowList::parse(&text))
            .unwrap_or_default(),
    )
});

/// The private hosts the operator trusts.
pub fn allowed() -> AllowList {
    ALLOWED.read().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Trusts one more private Icecast (`host` or `host:port`), as if the operator had listed it: for a
/// program embedding the server, and for the tests' own icecast2 on 127.0.0.1. No request handler
/// calls this. False when `entry` is not a host or host:port.
pub fn allow_private(entry: &str) -> bool {
    ALLOWED.write().unwrap_or_else(PoisonError::into_inner).add(entry)
}

/// Why a source's host is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the address is not http(s) with a host")]
    NotWeb,
    #[error("the host is a local or private address")]
    NotPublic,
}

/// `url`'s host (without IPv6 brackets, lower case) and port, when it is an http(s) address.
fn host_and_port(url: &Url) -> Option<(String, u16)> {
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = normal_host(url.host_str()?);
    Some((host, url.port_or_known_default()?))
}

/// The back office's check of a channel's source before saving it: refused when its host is, or
/// resolves to, a local or private address the operator did not list. A name that does not resolve
/// (yet) is let through: the poller resolves and checks it again on every poll, which is the check
/// that counts, as a name may point elsewhere tomorrow.
pub async fn check_source(address: &str) -> Result<(), Refusal> {
    let url = Url::parse(address).map_err(|_| Refusal::NotWeb)?;
    let (host, port) = host_and_port(&url).ok_or(Refusal::NotWeb)?;
    if allowed().allows(&host, port) {
        return Ok(());
    }
    if let Ok(ip) = host.parse::<IpAddr>() {
        return if is_public(ip) {
            Ok(())
        } else {
            Err(Refusal::NotPublic)
        };
    }
    match tokio::time::timeout(
        SAVE_LOOKUP_TIMEOUT,
        tokio::net::lookup_host((host.as_str(), port)),
    )
    .await
    {
        Ok(Ok(mut addrs)) => {
            if addrs.any(|addr| !is_public(addr.ip())) {
                Err(Refusal::NotPublic)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// How the poller may fetch a status address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// A host the operator listed: fetched as it resolves.
    Trusted,
    /// Any other host: a name is resolved and checked by [`PublicResolver`] as the connection is
    /// made; an address written as a number was checked already.
    Guarded,
}

/// The poller's check of a status address, before the request.
pub fn route(url: &Url, allow: &AllowList) -> Result<Route, Refusal> {
    let (host, port) = host_and_port(url).ok_or(Refusal::NotWeb)?;
    if allow.allows(&host, port) {
        return Ok(Route::Trusted);
    }
    // The HTTP client connects to a numeric host without asking the resolver, so it is judged here.
    match host.parse::<IpAddr>() {
        Ok(ip) if !is_public(ip) => Err(Refusal::NotPublic),
        _ => Ok(Route::Guarded),
    }
}

/// The poller's name resolution: the addresses a name resolves to are checked and handed to the
/// connection in one step, so the address connected to is the one checked (a name whose answer
/// changes between a check and a later connection cannot slip through). A name with any local or
/// private address is refused whole.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicResolver;

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if addrs.is_empty() || addrs.iter().any(|addr| !is_public(addr.ip())) {
                return Err(Box::new(Refusal::NotPublic) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn public(text: &str) -> bool {
        is_public(text.parse().unwrap())
    }

    #[test]
    fn ipv4_addresses_outside_the_public_internet_are_refused() {
        for inside in [
            "127.0.0.1",
            "127.255.255.254",
            "0.0.0.0",
            "0.1.2.3",
            "10.0.0.7",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.255",
            "192.0.0.8",
            "192.0.2.1",
            "198.51.100.1",
            "203.0.113.1",
            "198.18.0.1",
            "224.0.0.1",
            "240.0.0.1",
            "255.255.255.255",
        ] {
            assert!(!public(inside), "{inside}");
        }
        for outside in [
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "203.0.114.9",
            "169.253.0.1",
        ] {
            assert!(public(outside), "{outside}");
        }
    }

    #[test]
    fn ipv6_addresses_outside_the_public_internet_are_refused() {
        for inside in [
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "2001::1",
            "100::1",
            // IPv4 inside IPv6: mapped, compatible, NAT64 and 6to4 forms of private addresses
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::7f00:1",
            "64:ff9b:1::a00:1",
            "2002:7f00:1::1",
            "2002:c0a8:101::1",
        ] {
            assert!(!public(inside), "{inside}");
        }
        for outside in [
            "2606:4700:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "2002:808:808::1",
        ] {
            assert!(public(outside), "{outside}");
        }
    }

    #[test]
    fn the_operators_list_names_hosts_and_ports() {
        let list = AllowList::parse(" 127.0.0.1:8000, Icecast.Internal. ,[::1]:8001,::2, nonsense:port ,");
        assert!(list.allows("127.0.0.1", 8000));
        assert!(!list.allows("127.0.0.1", 8001), "another port");
        assert!(!list.allows("localhost", 8000), "a name is not its address");
        assert!(list.allows("icecast.internal", 80));
        assert!(list.allows("ICECAST.internal.", 8443));
        assert!(list.allows("[::1]", 8001));
        assert!(list.allows("0:0::1", 8001));
        assert!(!list.allows("::1", 8000));
        assert!(list.allows("::2", 1));
        assert!(!list.allows("nonsense", 80), "a bad entry is skipped");
        assert_eq!(AllowList::parse(""), AllowList::default());
    }

    #[test]
    fn numeric_hosts_are_judged_before_any_request() {
        let allow = AllowList::parse("127.0.0.1:8000");
        let route_of = |url: &str| route(&Url::parse(url).unwrap(), &allow);
        assert_eq!(
            route_of("http://127.0.0.1:8000/status-json.xsl"),
            Ok(Route::Trusted)
        );
        assert_eq!(
            route_of("http://127.0.0.1:8001/status-json.xsl"),
            Err(Refusal::NotPublic)
        );
        assert_eq!(route_of("http://2130706433:8001/x"), Err(Refusal::NotPublic));
        assert_eq!(route_of("http://0x7f.1/x"), Err(Refusal::NotPublic));
        assert_eq!(route_of("http://[::ffff:127.0.0.1]/x"), Err(Refusal::NotPublic));
        assert_eq!(route_of("https://[fd00::1]/x"), Err(Refusal::NotPublic));
        assert_eq!(route_of("https://icecast.example/x"), Ok(Route::Guarded));
        assert_eq!(route_of("https://8.8.8.8/x"), Ok(Route::Guarded));
        assert_eq!(route_of("ftp://8.8.8.8/x"), Err(Refusal::NotWeb));
    }

    #[tokio::test]
    async fn names_are_judged_by_what_they_resolve_to() {
        // `localhost` is the server itself on every machine.
        assert_eq!(
            check_source("https://localhost/x.mp3").await,
            Err(Refusal::NotPublic)
        );
        assert_eq!(
            check_source("https://LocalHost.:8000/x.mp3").await,
            Err(Refusal::NotPublic)
        );
        assert_eq!(
            check_source("https://127.0.0.1/x.mp3").await,
            Err(Refusal::NotPublic)
        );
        assert_eq!(check_source("https://[::1]/x.mp3").await, Err(Refusal::NotPublic));
        assert_eq!(check_source("https://203.0.114.9:8000/x.mp3").await, Ok(()));
        let refused = PublicResolver.resolve("localhost".parse().unwrap()).await;
        assert!(refused.is_err());
    }
}
