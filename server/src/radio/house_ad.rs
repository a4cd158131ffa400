//! The house preroll's audio (the spot `/media/ads/house.mp3` and the VAST document announce): rendered
//! by the engine's synthesiser once per process, on first use, so prerolls need no ad server.

use bytes::Bytes;
use tokio::sync::OnceCell;

use super::{
    library::{LibraryError, Rendition, encode_rendition},
    mount::Codec,
    synth,
};
use crate::{Error, Result};

/// The spot's MP3 and its exact duration in milliseconds, rendered once per process (the first call's
/// length wins).
#[derive(Default)]
pub struct HouseAd {
    spot: OnceCell<(Bytes, u64)>,
}

impl HouseAd {
    pub async fn spot(&self, seconds: f32) -> Result<&(Bytes, u64)> {
        self.spot
            .get_or_try_init(|| async {
                tokio::task::spawn_blocking(move || {
                    let pcm = synth::render_ad_spot(seconds);
                    let data = Bytes::from(encode_rendition(&pcm, Codec::Mp3)?);
                    let duration_ms = Rendition::parse(Codec::Mp3, data.clone()).duration_us() / 1000;
                    Ok::<_, LibraryError>((data, duration_ms))
                })
                .await
                .map_err(|err| Error::Internal(err.into()))?
                .map_err(|err| Error::Internal(err.into()))
            })
            .await
    }
}
