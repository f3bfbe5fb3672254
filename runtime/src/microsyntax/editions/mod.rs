//! Older editions of the common microsyntaxes, where their algorithms differ from today's text.

pub mod html5_2009;
