//! What one client address may hold open at once, and what all clients together may hold of the
//! connections that never end by themselves.
//!
//! Every open connection costs the process a file, and the process has a fixed number of them. One
//! address that opens connections and never finishes a request (or keeps a hundred push channels
//! open) would otherwise fill that table, and then the station answers nobody, listeners included.
//! So each address holds at most a fixed number of:
//!
//! - connections to the pages and the API ([`Kind::Connection`], counted as the connection is
//!   accepted, by the peer's own address: a trusted proxy's connections carry many clients and are
//!   not counted here, their clients are counted by the two kinds below);
//! - push channels ([`Kind::Push`], the now-playing events), with a cap for all addresses together too;
//! - stream listeners ([`Kind::Listener`]); all addresses together are bounded by the mounts' own cap
//!   (`radio::listener_capacity`).
//!
//! Push channels and listeners are counted per client as the trusted-proxy setting names it
//! (`extract::ClientIp`), never by a header a client could choose. IPv6 clients are counted by their
//! /64 network: one subscriber gets a whole /64, and counting single addresses would let it open the
//! cap 2⁶⁴ times.
//!
//! The figures are generous (an office or a mobile carrier's NAT puts many listeners behind one
//! address) and far below the file table: the aim is that no single address can take the station off
//! air, not to meter normal use. Refusals are counted and logged once a minute at most.

use std::{
    collections::HashMap,
    net::{IpAddr, Ipv6Addr},
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
};

use crate::{Error, clock::now};

/// What a client holds open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A connection to the pages and the API.
    Connection,
    /// A now-playing push channel (`/api/v1/aovivo/events/…`).
    Push,
    /// A stream listener (`/stream/…`).
    Listener,
}

impl Kind {
    fn index(self) -> usize {
        match self {
            Self::Connection => 0,
            Self::Push => 1,
            Self::Listener => 2,
        }
    }
}

/// The caps, from the configuration (`ONDA_MAX_*_PER_ADDRESS`, `ONDA_MAX_PUSH`).
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub connections_per_address: usize,
    pub push_per_address: usize,
    pub listeners_per_address: usize,
    /// Push channels of all clients together.
    pub push_total: usize,
}

impl Caps {
    fn per_address(&self, kind: Kind) -> usize {
        match kind {
            Kind::Connection => self.connections_per_address,
            Kind::Push => self.push_per_address,
            Kind::Listener => self.listeners_per_address,
        }
    }
}

/// Why a hold was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// This address holds its cap of this kind.
    Address(Kind),
    /// All clients together hold the push channels' cap.
    PushFull,
}

/// The shown text of the refusals.
pub const TOO_MANY_CONNECTIONS: &str = "Há conexões demais abertas a partir do seu endereço. Feche algumas \
     abas ou aplicativos da rádio e tente novamente em instantes.";
pub const PUSH_FULL: &str =
    "O servidor está com muitas conexões neste momento. Tente novamente em instantes.";

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Self {
        let limit = match refusal {
            Refusal::Address(_) => "connections_per_address",
            Refusal::PushFull => "push_channels",
        };
        crate::metrics::METRICS
            .rate_limited
            .with_label_values(&[limit])
            .inc();
        match refusal {
            Refusal::Address(_) => Self::TooManyConnections(TOO_MANY_CONNECTIONS.to_owned()),
            Refusal::PushFull => Self::Unavailable(PUSH_FULL.to_owned()),
        }
    }
}

/// The open holds, by address and kind, and the refusals so far.
pub struct ConnectionBook {
    caps: Caps,
    /// An entry exists only while its count is above zero, so the map never holds more entries than
    /// there are open connections.
    open: Mutex<HashMap<(IpAddr, Kind), usize>>,
    push_total: AtomicUsize,
    /// Refusals per kind (`Kind::index`), and of the push channels' global cap (index 3).
    refused: [AtomicU64; 4],
    /// Refusals already logged, and when the log last spoke (unix seconds).
    logged: [AtomicU64; 4],
    logged_at: AtomicU64,
}

impl ConnectionBook {
    pub fn new(caps: Caps) -> Self {
        Self {
            caps,
            open: Mutex::default(),
            push_total: AtomicUsize::new(0),
            refused: Default::default(),
            logged: Default::default(),
            logged_at: AtomicU64::new(0),
        }
    }

    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// One more `kind` for `address`, held until the returned guard drops; refused at a cap.
    pub fn hold(self: &Arc<Self>, address: IpAddr, kind: Kind) -> Result<Held, Refusal> {
        let address = counted_address(address);
        if kind == Kind::Push {
            let taken = self
                .push_total
                .fetch_update(Ordering::AcqRel, Ordering::Acquire, |open| {
                    (open < self.caps.push_total).then_some(open + 1)
                });
            if taken.is_err() {
                self.count_refusal(3);
                return Err(Refusal::PushFull);
            }
        }
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry((address, kind)).or_insert(0);
        if *count >= self.caps.per_address(kind) {
            if *count == 0 {
                open.remove(&(address, kind));
            }
            drop(open);
            if kind == Kind::Push {
                self.push_total.fetch_sub(1, Ordering::AcqRel);
            }
            self.count_refusal(kind.index());
            return Err(Refusal::Address(kind));
        }
        *count += 1;
        Ok(Held {
            book: Arc::clone(self),
            address,
            kind,
        })
    }

    /// How many of `kind` `address` holds now.
    pub fn open(&self, address: IpAddr, kind: Kind) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&(counted_address(address), kind)).copied().unwrap_or(0)
    }

    /// Push channels open, all clients together.
    pub fn push_open(&self) -> usize {
        self.push_total.load(Ordering::Acquire)
    }

    /// Refusals since start: per-address caps of each kind, then the push channels' global cap.
    pub fn refusals(&self) -> [u64; 4] {
        std::array::from_fn(|index| self.refused[index].load(Ordering::Relaxed))
    }

    fn release(&self, address: IpAddr, kind: Kind) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&(address, kind)) {
            *count -= 1;
            if *count == 0 {
                open.remove(&(address, kind));
            }
        }
        drop(open);
        if kind == Kind::Push {
            self.push_total.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Counts a refusal; at most once a minute, logs what was refused since the last log (a flood
    /// of refusals is one line a minute, not one per connection).
    fn count_refusal(&self, index: usize) {
        self.refused[index].fetch_add(1, Ordering::Relaxed);
        let now = u64::try_from(now()).unwrap_or(0);
        let last = self.logged_at.load(Ordering::Relaxed);
        if now < last + 60
            || self
                .logged_at
                .compare_exchange(last, now, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let mut since: [u64; 4] = [0; 4];
        for (index, since) in since.iter_mut().enumerate() {
            let total = self.refused[index].load(Ordering::Relaxed);
            *since = total - self.logged[index].swap(total, Ordering::Relaxed);
        }
        let [connections, push, listeners, push_full] = since;
        tracing::warn!(
            connections,
            push,
            listeners,
            push_full,
            "refused over the per-address caps (connections, push channels, listeners) or the push \
             channels' cap since the last report"
        );
    }
}

/// The address a client is counted by: an IPv4 address (also when written as IPv6), or an IPv6
/// address's /64 network.
fn counted_address(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// One connection, push channel or listener held open; dropping it frees its place.
pub struct Held {
    book: Arc<ConnectionBook>,
    address: IpAddr,
    kind: Kind,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.book.release(self.address, self.kind);
    }
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Held")
            .field("address", &self.address)
            .field("kind", &self.kind)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn book(per_address: usize, push_total: usize) -> Arc<ConnectionBook> {
        Arc::new(ConnectionBook::new(Caps {
            connections_per_address: per_address,
            push_per_address: per_address,
            listeners_per_address: per_address,
            push_total,
        }))
    }

    #[test]
    fn an_address_holds_up_to_its_cap_and_a_freed_place_is_taken_again() {
        let book = book(2, 100);
        let ip: IpAddr = "203.0.113.9".parse().unwrap();
        let first = book.hold(ip, Kind::Connection).unwrap();
        let _second = book.hold(ip, Kind::Connection).unwrap();
        assert_eq!(
            book.hold(ip, Kind::Connection).unwrap_err(),
            Refusal::Address(Kind::Connection)
        );
        // Other kinds and other addresses have their own places.
        let _push = book.hold(ip, Kind::Push).unwrap();
        let _other = book
            .hold("203.0.113.10".parse().unwrap(), Kind::Connection)
            .unwrap();
        drop(first);
        assert!(book.hold(ip, Kind::Connection).is_ok());
        assert_eq!(book.refusals(), [1, 0, 0, 0]);
    }

    #[test]
    fn entries_leave_the_map_with_their_last_hold() {
        let book = book(3, 100);
        let holds: Vec<_> = (0..50u8)
            .map(|n| {
                book.hold(IpAddr::from([198, 51, 100, n]), Kind::Listener)
                    .unwrap()
            })
            .collect();
        assert_eq!(book.open.lock().unwrap().len(), 50);
        drop(holds);
        assert!(book.open.lock().unwrap().is_empty());
    }

    #[test]
    fn the_push_channels_have_a_cap_for_everyone_together() {
        let book = book(10, 3);
        let holds: Vec<_> = (0..3u8)
            .map(|n| book.hold(IpAddr::from([192, 0, 2, n]), Kind::Push).unwrap())
            .collect();
        assert_eq!(
            book.hold(IpAddr::from([192, 0, 2, 200]), Kind::Push).unwrap_err(),
            Refusal::PushFull
        );
        assert_eq!(book.push_open(), 3);
        drop(holds);
        assert_eq!(book.push_open(), 0);
        // A refusal by the address's cap gives back the global place it took on the way.
        let book = self::book(1, 5);
        let ip = IpAddr::from([192, 0, 2, 1]);
        let _held = book.hold(ip, Kind::Push).unwrap();
        assert!(book.hold(ip, Kind::Push).is_err());
        assert_eq!(book.push_open(), 1);
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_network_and_mapped_ipv4_as_ipv4() {
        let book = book(2, 100);
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let _one = book.hold(a, Kind::Connection).unwrap();
        let _two = book.hold(b, Kind::Connection).unwrap();
        assert!(
            book.hold("2001:db8:1:2::77".parse().unwrap(), Kind::Connection)
                .is_err()
        );
        assert!(
            book.hold("2001:db8:1:3::1".parse().unwrap(), Kind::Connection)
                .is_ok()
        );
        let _v4 = book.hold("192.0.2.7".parse().unwrap(), Kind::Listener).unwrap();
        assert_eq!(book.open("::ffff:192.0.2.7".parse().unwrap(), Kind::Listener), 1);
    }
}
