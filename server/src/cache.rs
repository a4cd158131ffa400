//! A small in-memory map with a bound, for the replies the server keeps between requests.
//!
//! Every map a request can name must have a bound, or an anonymous client grows the server's memory by
//! asking for new keys. `Memo` holds at most `capacity` entries and starts over when a new key would go
//! past it: the caches hold derived data, so forgetting everything costs one recomputation per key, and
//! it needs no bookkeeping on the hot path (unlike an LRU).

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Mutex, MutexGuard, PoisonError},
};

pub struct Memo<K, V> {
    entries: Mutex<HashMap<K, V>>,
    capacity: usize,
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    pub fn new(capacity: usize) -> Self {
        Self {
            entries: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<K, V>> {
        // A panic while holding the lock leaves a map that is still valid: keep using it.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A copy of the value under `key`, if any.
    pub fn get(&self, key: &K) -> Option<V> {
        self.lock().get(key).cloned()
    }

    /// Stores `value` under `key`; a new key past the capacity first empties the map.
    pub fn insert(&self, key: K, value: V) {
        let mut entries = self.lock();
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, value);
    }

    /// Forgets everything (staff cleanCache); the next calls recompute.
    pub fn clear(&self) {
        self.lock().clear();
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_holds_more_than_its_capacity() {
        let memo = Memo::new(3);
        for key in 0..10 {
            memo.insert(key, key * 2);
            assert!(memo.len() <= 3);
            assert_eq!(memo.get(&key), Some(key * 2));
        }
        // Replacing a key that is there never empties the map.
        memo.insert(9, 1);
        assert_eq!(memo.get(&9), Some(1));
        memo.clear();
        assert!(memo.is_empty());
    }
}
