/**
 * Recordings (issue 26): why an upload was refused or its transcode failed, as the upload answer and the panel say it,
 * and the stages of a transcode. Every key needs both languages.
 */
export const pl = {
  'recordings.error.recording-empty': 'Plik jest pusty.',
  'recordings.error.recording-format': 'Tego rodzaju pliku nie przyjmujemy jako nagrania. Wyślij plik wideo MP4, MOV, MKV, WebM lub AVI. Playlisty i manifesty (np. .m3u8, .mpd) nie są nagraniami, tylko wskazują inne pliki.',
  'recordings.error.recording-too-short': 'Nagranie jest krótsze niż sekunda, więc nie może zastąpić nagrania wydarzenia. Wyślij cały plik z nagraniem.',
  'recordings.error.recording-not-video': 'To nie jest film. Wyślij nagranie wideo (np. MP4 z Zooma).',
  'recordings.error.recording-no-video': 'Ten plik ma tylko dźwięk, bez obrazu. Wyślij nagranie wideo.',
  'recordings.error.recording-no-audio': 'To nagranie nie ma dźwięku. Wyślij plik z obrazem i dźwiękiem.',
  'recordings.error.recording-truncated': 'Plik jest niepełny lub uszkodzony (np. przerwane nagrywanie lub kopiowanie). Wyślij cały plik jeszcze raz.',
  'recordings.error.recording-busy': 'Poprzednie nagranie tego wydarzenia jest jeszcze przygotowywane. Poczekaj, aż się skończy, i wyślij plik ponownie.',
  'recordings.error.recording-transcode-failed': 'Nie udało się przygotować nagrania do odtwarzania. Dotychczasowe nagranie jest nadal dostępne; spróbuj wysłać plik ponownie.',
  'recordings.state.queued': 'Czeka na przygotowanie',
  'recordings.state.running': 'Przygotowywanie nagrania: {percent}%',
  'recordings.state.ready': 'Gotowe do odtwarzania',
  'recordings.state.failed': 'Nie udało się przygotować nagrania',
  'recordings.noRecording': 'To wydarzenie nie ma jeszcze nagrania.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'recordings.error.recording-empty': 'The file is empty.',
  'recordings.error.recording-format': 'This kind of file is not taken as a recording. Send a video file in MP4, MOV, MKV, WebM or AVI. Playlists and manifests (such as .m3u8 or .mpd) are not recordings: they only point at other files.',
  'recordings.error.recording-too-short': 'The recording is shorter than a second, so it cannot replace the recording of the event. Send the whole recording file.',
  'recordings.error.recording-not-video': 'This is not a video. Send a video recording (for example an MP4 from Zoom).',
  'recordings.error.recording-no-video': 'This file has sound only, no picture. Send a video recording.',
  'recordings.error.recording-no-audio': 'This recording has no sound. Send a file with both picture and sound.',
  'recordings.error.recording-truncated': 'The file is incomplete or damaged (for example a recording or copy that was interrupted). Send the whole file again.',
  'recordings.error.recording-busy': 'The previous recording of this event is still being prepared. Wait until it is done, then send the file again.',
  'recordings.error.recording-transcode-failed': 'The recording could not be prepared for playback. The previous recording is still available; try sending the file again.',
  'recordings.state.queued': 'Waiting to be prepared',
  'recordings.state.running': 'Preparing the recording: {percent}%',
  'recordings.state.ready': 'Ready to play',
  'recordings.state.failed': 'The recording could not be prepared',
  'recordings.noRecording': 'This event has no recording yet.',
};
