import type { VideoPlayer } from '../../../../../worker/contract/student.ts'
import { mountLocalPlayer } from './local-player.ts'
import type { MountPlayer } from './port.ts'
import { mountYouTubePlayer } from './youtube-player.ts'

/** The adapter the Worker's configuration names (the course's `player`), for one lesson's video. */
export function playerFor(config: VideoPlayer, youtubeId: string): MountPlayer {
  if (config.kind === 'local')
    return (container, options) => mountLocalPlayer(container, { ...options, src: config.src })
  return (container, options) =>
    mountYouTubePlayer(container, { ...options, host: config.host, videoId: youtubeId })
}
