// The local stand-in player's video (issue 39): 24 s of a test pattern with a clock, WebM (VP9),
// 320×180, no sound, about 200 KB. Committed under web/public/conteudo-demo/videos/, a demo file
// production never ships (scripts/build.ts, check:deploy). Made once with ffmpeg:
//   node scripts/make-demo-video.ts
// The demo course's lessons (db/seed-data/student.ts) last exactly LOCAL_VIDEO_SECONDS.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { LOCAL_VIDEO_SECONDS } from '../worker/domain/video.ts'

const out = fileURLToPath(
  new URL('../web/public/conteudo-demo/videos/aula-demonstrativa.webm', import.meta.url),
)
const fonts = '/usr/share/fonts/truetype/dejavu'
const filter = [
  'drawbox=x=0:y=118:w=320:h=62:color=black@0.65:t=fill',
  `drawtext=fontfile=${fonts}/DejaVuSansMono-Bold.ttf:text='%{pts\\:gmtime\\:0\\:%M\\\\\\:%S} / 00\\:${LOCAL_VIDEO_SECONDS}':fontsize=26:fontcolor=white:x=(w-text_w)/2:y=124`,
  `drawtext=fontfile=${fonts}/DejaVuSans.ttf:text='Instituto Renalis - aula de demonstração':fontsize=13:fontcolor=white:x=(w-text_w)/2:y=158`,
].join(',')
const made = spawnSync(
  'ffmpeg',
  [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=320x180:rate=15:duration=${LOCAL_VIDEO_SECONDS}`, '-vf', filter],
    ...['-c:v', 'libvpx-vp9', '-b:v', '90k', '-crf', '40', '-row-mt', '1', '-deadline', 'good'],
    ...['-cpu-used', '2', '-pix_fmt', 'yuv420p', '-an', out],
  ],
  { stdio: 'inherit' },
)
if (made.status !== 0) process.exitCode = 1
else console.log(`escrito ${out}`)
