<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Activity</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>创建节点中</translation>
    </message>
    <message>
        <source>listing</source>
        <translation>列出子节点中</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待通知中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>持有锁</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>释放锁中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>会话已过期</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>trying SET NX</source>
        <translation>尝试 SET NX</translation>
    </message>
    <message>
        <source>trying SETNX</source>
        <translation>尝试 SETNX</translation>
    </message>
    <message>
        <source>setting a TTL</source>
        <translation>设置 TTL 中</translation>
    </message>
    <message>
        <source>unlocking</source>
        <translation>解锁中</translation>
    </message>
    <message>
        <source>extending</source>
        <translation>续期中</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>获取锁中</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>等待重试</translation>
    </message>
    <message>
        <source>watching</source>
        <translation>监听中</translation>
    </message>
    <message>
        <source>node created</source>
        <translation>已建节点</translation>
    </message>
    <message>
        <source>cache open</source>
        <translation>缓存已开</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写入中</translation>
    </message>
    <message>
        <source>registered</source>
        <translation>已注册</translation>
    </message>
</context>
<context>
    <name>CompareBar</name>
    <message>
        <source>compare %1 with</source>
        <translation>对比 %1 与</translation>
    </message>
    <message>
        <source>align on</source>
        <translation>对齐方式</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>release #k</source>
        <translation>第 k 次释放</translation>
    </message>
    <message>
        <source>log of</source>
        <translation>日志来自</translation>
    </message>
    <message>
        <source>left</source>
        <translation>左</translation>
    </message>
    <message>
        <source>right</source>
        <translation>右</translation>
    </message>
</context>
<context>
    <name>ConsolePanel</name>
    <message>
        <source>zkCli console</source>
        <translation>zkCli 控制台</translation>
    </message>
    <message>
        <source>ZooKeeper commands on an empty model ZooKeeper, as lockscope-cli shell runs them</source>
        <translation>在一个空的 ZooKeeper 模型上执行 ZooKeeper 命令，与 lockscope-cli shell 相同</translation>
    </message>
    <message>
        <source>Empty ZooKeeper</source>
        <translation>清空 ZooKeeper</translation>
    </message>
    <message>
        <source>Back to the lesson</source>
        <translation>返回课程</translation>
    </message>
    <message>
        <source>redis-cli console</source>
        <translation>redis-cli 控制台</translation>
    </message>
    <message>
        <source>Redis commands on an empty model Redis, as lockscope-cli redis-shell runs them; TTLs run out in real time</source>
        <translation>在一个空的 Redis 模型上执行 Redis 命令，与 lockscope-cli redis-shell 相同；TTL 按真实时间流逝</translation>
    </message>
    <message>
        <source>Empty Redis</source>
        <translation>清空 Redis</translation>
    </message>
</context>
<context>
    <name>EventLogPanel</name>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>整次运行</translation>
    </message>
    <message>
        <source>show the whole run, what is still to come faded (W)</source>
        <translation>显示整次运行，尚未发生的部分淡化显示 (W)</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>server: created %1 (%2)</source>
        <translation>服务器：创建 %1 (%2)</translation>
    </message>
    <message>
        <source>server: created %1 (%2, %3)</source>
        <translation>服务器：创建 %1 (%2, %3)</translation>
    </message>
    <message>
        <source>server: deleted %1</source>
        <translation>服务器：删除 %1</translation>
    </message>
    <message>
        <source>server: set data of %1</source>
        <translation>服务器：设置 %1 的数据</translation>
    </message>
    <message>
        <source>server: %1 watch on %2 for %3</source>
        <translation>服务器：为 %3 在 %2 上设置 %1 监听</translation>
    </message>
    <message>
        <source>server: fires %1 on %2 → %3</source>
        <translation>服务器：在 %2 上触发 %1 → %3</translation>
    </message>
    <message>
        <source>%1 ← %2 on %3</source>
        <translation>%1 ← %3 上的 %2</translation>
    </message>
    <message>
        <source>server: session of %1 %2</source>
        <translation>服务器：%1 的会话 %2</translation>
    </message>
    <message>
        <source>%1: session %2</source>
        <translation>%1：会话 %2</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>fault: %1 %2</source>
        <translation>故障：%1 %2</translation>
    </message>
    <message>
        <source>%1: process %2</source>
        <translation>%1：进程 %2</translation>
    </message>
    <message>
        <source>%1: resource %2 %3</source>
        <translation>%1：资源 %2 %3</translation>
    </message>
    <message>
        <source>%1: line %2</source>
        <translation>%1：第 %2 行</translation>
    </message>
    <message>
        <source> (ttl %1 ms)</source>
        <translation> (TTL %1 ms)</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>%1: %2 (%3, clock %4 ms)</source>
        <translation>%1：%2 (%3，时钟 %4 ms)</translation>
    </message>
    <message>
        <source>%1: %2 lock on %3 %4</source>
        <translation>%1：%3 上的 %2 锁 %4</translation>
    </message>
    <message>
        <source>%1: transaction %2</source>
        <translation>%1：事务 %2</translation>
    </message>
    <message>
        <source>server: removed %1 watch on %2 for %3</source>
        <translation>服务器：移除 %3 在 %2 上的 %1 监听</translation>
    </message>
</context>
<context>
    <name>ExplorerPopup</name>
    <message>
        <source>Break it: what breaks %1?</source>
        <translation>找破绽：什么会让 %1 出错？</translation>
    </message>
    <message>
        <source>Up to 2000 runs of this lesson without its own faults, each with another seed and one fault drawn at random; the first that breaks an invariant is shrunk to its fewest clients and its earliest, shortest fault, and opened as a lesson.</source>
        <translation>去掉本课自带的故障，最多运行 2000 次，每次换一个种子并随机抽取一个故障；第一个破坏不变式的运行会被缩减到最少的客户端和最早、最短的故障，然后作为一节课打开。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>FaultMenu</name>
    <message>
        <source>Crash %1</source>
        <translation>让 %1 崩溃</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>重启 %1</translation>
    </message>
    <message>
        <source>Resume %1</source>
        <translation>恢复 %1</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>暂停 %1</translation>
    </message>
    <message>
        <source>Heal the partition</source>
        <translation>恢复网络分区</translation>
    </message>
    <message>
        <source>Partition %1</source>
        <translation>把 %1 隔离到网络分区</translation>
    </message>
    <message>
        <source>Expire its session</source>
        <translation>让它的会话过期</translation>
    </message>
    <message>
        <source>Lose the reply to its next request</source>
        <translation>丢失它下一个请求的响应</translation>
    </message>
</context>
<context>
    <name>FilePathDialog</name>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>file to write, e.g. %1</source>
        <translation>要写入的文件，例如 %1</translation>
    </message>
    <message>
        <source>file to open</source>
        <translation>要打开的文件</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 已存在。要替换吗？</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
</context>
<context>
    <name>HelpOverlay</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>InstanceMenu</name>
    <message>
        <source>Kill %1</source>
        <translation>杀掉 %1</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>重启 %1</translation>
    </message>
    <message>
        <source>Fail over to its replica</source>
        <translation>故障转移到它的副本</translation>
    </message>
    <message>
        <source>Jump its clock 20 s forward (model only)</source>
        <translation>把它的时钟向前拨 20 秒（仅模型）</translation>
    </message>
</context>
<context>
    <name>LessonBrowser</name>
    <message>
        <source>Lessons in %1</source>
        <translation>%1 中的课程</translation>
    </message>
    <message>
        <source>The course file does not load, so the lessons are listed by folder: %1</source>
        <translation>课程文件无法加载，所以课程按文件夹列出：%1</translation>
    </message>
</context>
<context>
    <name>LessonText</name>
    <message>
        <source>(untranslated) %1</source>
        <translation>（未翻译）%1</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Space-time diagram (D)</source>
        <translation>时空图 (D)</translation>
    </message>
    <message>
        <source>Event log (D)</source>
        <translation>事件日志 (D)</translation>
    </message>
    <message>
        <source>Legend (D)</source>
        <translation>图例 (D)</translation>
    </message>
    <message>
        <source>Kill the server</source>
        <translation>杀掉服务器</translation>
    </message>
    <message>
        <source>Restart the server</source>
        <translation>重启服务器</translation>
    </message>
    <message>
        <source>Open a scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Save the scenario with the faults you clicked</source>
        <translation>保存场景及你点击注入的故障</translation>
    </message>
    <message>
        <source>Export the view as PNG</source>
        <translation>将视图导出为 PNG</translation>
    </message>
    <message>
        <source>Causal slice (V)</source>
        <translation>因果切片 (V)</translation>
    </message>
</context>
<context>
    <name>MetricsPanel</name>
    <message>
        <source>left: %1 · right: %2</source>
        <translation>左：%1 · 右：%2</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>left</source>
        <translation>左</translation>
    </message>
    <message>
        <source>right</source>
        <translation>右</translation>
    </message>
</context>
<context>
    <name>NarrationPanel</name>
    <message>
        <source>Press Space to play.</source>
        <translation>按空格键播放。</translation>
    </message>
    <message>
        <source>Narration</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>What happens next? Press Space.</source>
        <translation>接下来会发生什么？按空格键。</translation>
    </message>
</context>
<context>
    <name>PlaybackBar</name>
    <message>
        <source>restart</source>
        <translation>从头</translation>
    </message>
    <message>
        <source>restart (Home)</source>
        <translation>从头开始 (Home)</translation>
    </message>
    <message>
        <source>step back one event (←)</source>
        <translation>后退一个事件 (←)</translation>
    </message>
    <message>
        <source>❚❚ pause</source>
        <translation>❚❚ 暂停</translation>
    </message>
    <message>
        <source>▶ play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <source>step one event (→)</source>
        <translation>前进一个事件 (→)</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>event %1 / %2</source>
        <translation>事件 %1 / %2</translation>
    </message>
    <message>
        <source>lens</source>
        <translation>时间透镜</translation>
    </message>
    <message>
        <source>time lens (Z): skip quiet stretches, slow down around releases, notifications and faults</source>
        <translation>时间透镜（Z）：跳过安静的时段，在释放、通知和故障前后放慢</translation>
    </message>
    <message>
        <source>speed (+ / −)</source>
        <translation>速度（+ / −）</translation>
    </message>
</context>
<context>
    <name>QuestionAnswers</name>
    <message>
        <source>The right answer is ticked.</source>
        <translation>正确答案已打勾。</translation>
    </message>
    <message>
        <source>Right!</source>
        <translation>答对了！</translation>
    </message>
    <message>
        <source>Not this time: the right answer is ticked.</source>
        <translation>这次没答对：正确答案已打勾。</translation>
    </message>
    <message>
        <source>Choose an answer (1-%1), then press Space to see.</source>
        <translation>选一个答案（1-%1），然后按空格键揭晓。</translation>
    </message>
</context>
<context>
    <name>RecipePanel</name>
    <message>
        <source>Recipe: %1</source>
        <translation>方案：%1</translation>
    </message>
</context>
<context>
    <name>ScaleSlider</name>
    <message>
        <source>scale</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>clients: %1</source>
        <translation>客户端：%1</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>play / pause</source>
        <translation>播放 / 暂停</translation>
    </message>
    <message>
        <source>step one event forward / back</source>
        <translation>前进 / 后退一个事件</translation>
    </message>
    <message>
        <source>scrub 1% of the run forward / back</source>
        <translation>前进 / 后退运行的 1%</translation>
    </message>
    <message>
        <source>scrub 10% of the run forward / back</source>
        <translation>前进 / 后退运行的 10%</translation>
    </message>
    <message>
        <source>to the start / the end of the run</source>
        <translation>跳到运行的开头 / 结尾</translation>
    </message>
    <message>
        <source>select the next / previous client</source>
        <translation>选择下一个 / 上一个客户端</translation>
    </message>
    <message>
        <source>crash the selected client</source>
        <translation>让选中的客户端崩溃</translation>
    </message>
    <message>
        <source>restart it</source>
        <translation>重启它</translation>
    </message>
    <message>
        <source>pause / resume it (a stop-the-world pause)</source>
        <translation>暂停 / 恢复它（stop-the-world 停顿）</translation>
    </message>
    <message>
        <source>partition / heal its network</source>
        <translation>隔离 / 恢复它的网络</translation>
    </message>
    <message>
        <source>expire its session now</source>
        <translation>立即让它的会话过期</translation>
    </message>
    <message>
        <source>lose the reply to its next request</source>
        <translation>丢失它下一个请求的响应</translation>
    </message>
    <message>
        <source>kill / restart the ZooKeeper server</source>
        <translation>杀掉 / 重启 ZooKeeper 服务器</translation>
    </message>
    <message>
        <source>undo the last fault you injected</source>
        <translation>撤销你最后注入的故障</translation>
    </message>
    <message>
        <source>lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>open a scenario file</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>record: save the scenario with your faults</source>
        <translation>录制：保存场景及你注入的故障</translation>
    </message>
    <message>
        <source>export the view as PNG</source>
        <translation>将视图导出为 PNG</translation>
    </message>
    <message>
        <source>break it: search for a schedule and a fault that break the recipe, then open it</source>
        <translation>找破绽：搜索能让方案出错的调度和故障，然后打开它</translation>
    </message>
    <message>
        <source>compare: the same run under a second recipe</source>
        <translation>对比：同一次运行换用第二个方案</translation>
    </message>
    <message>
        <source>compare: align the second run on the same time / on the same release #k</source>
        <translation>对比：第二次运行按相同时间 / 按相同的第 k 次释放对齐</translation>
    </message>
    <message>
        <source>show the whole run, what is still to come faded (off: only what has happened)</source>
        <translation>显示整次运行，尚未发生的部分淡化显示（关闭：只显示已发生的）</translation>
    </message>
    <message>
        <source>presentation mode (large type, high contrast, full screen)</source>
        <translation>演示模式（大字号、高对比度、全屏）</translation>
    </message>
    <message>
        <source>language: English / 中文</source>
        <translation>语言：English / 中文</translation>
    </message>
    <message>
        <source>presentation at 1280x720: the diagram or the event log / the recipe or the metrics</source>
        <translation>1280x720 演示时：时空图或事件日志 / 方案或指标</translation>
    </message>
    <message>
        <source>F1 or ?</source>
        <translation>F1 或 ?</translation>
    </message>
    <message>
        <source>this help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <source>click or right-click a client</source>
        <translation>单击或右击客户端</translation>
    </message>
    <message>
        <source>its fault menu</source>
        <translation>它的故障菜单</translation>
    </message>
    <message>
        <source>click the server</source>
        <translation>单击服务器</translation>
    </message>
    <message>
        <source>kill / restart it</source>
        <translation>杀掉 / 重启它</translation>
    </message>
    <message>
        <source>click the diagram</source>
        <translation>单击时空图</translation>
    </message>
    <message>
        <source>jump to that moment</source>
        <translation>跳到那一刻</translation>
    </message>
    <message>
        <source>answer the question the narration asks</source>
        <translation>回答旁白提出的问题</translation>
    </message>
    <message>
        <source>time lens on / off: skip quiet stretches, slow down around what matters</source>
        <translation>时间透镜开 / 关：跳过安静的时段，在关键时刻放慢</translation>
    </message>
    <message>
        <source>faster / slower (1 ms/s to 100 s/s of virtual time)</source>
        <translation>更快 / 更慢（每秒 1 毫秒到 100 秒虚拟时间）</translation>
    </message>
    <message>
        <source>zkCli console (redis-cli in a Redis lesson): type commands, watch them on the stage</source>
        <translation>zkCli 控制台（Redis 课程中为 redis-cli）：输入命令，在舞台上观看它们的执行</translation>
    </message>
    <message>
        <source>causal slice: dim every event the first violation does not depend on</source>
        <translation>因果切片：淡化第一个违规不依赖的所有事件</translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <source>Recipe</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
</context>
<context>
    <name>StagePanel</name>
    <message>
        <source>%1 · %2 clients · seed %3</source>
        <translation>%1 · %2 个客户端 · 种子 %3</translation>
    </message>
    <message>
        <source>zkCli console · %1 session(s)</source>
        <translation>zkCli 控制台 · %1 个会话</translation>
    </message>
    <message>
        <source>redis-cli console · model:6379, its clock real time</source>
        <translation>redis-cli 控制台 · model:6379，时钟为真实时间</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>your faults: %1</source>
        <translation>你注入的故障：%1</translation>
    </message>
</context>
<context>
    <name>TopBar</name>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Record…</source>
        <translation>录制…</translation>
    </message>
    <message>
        <source>Break it…</source>
        <translation>找破绽…</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>clients</source>
        <translation>客户端数</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>live</source>
        <translation>真实</translation>
    </message>
    <message>
        <source>latency ms</source>
        <translation>延迟 ms</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>language: English / 中文 (Ctrl+L)</source>
        <translation>语言：English / 中文 (Ctrl+L)</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>zkCli console: type ZooKeeper commands, watch them on the stage (Ctrl+K)</source>
        <translation>zkCli 控制台：输入 ZooKeeper 命令，在舞台上观看它们的执行（Ctrl+K）</translation>
    </message>
    <message>
        <source>redis-cli console: type Redis commands, watch the keys and their TTLs on the stage (Ctrl+K)</source>
        <translation>redis-cli 控制台：输入 Redis 命令，在舞台上观看键及其 TTL（Ctrl+K）</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::ChallengeLine</name>
    <message>
        <source>Challenge: %1</source>
        <translation>挑战：%1</translation>
    </message>
    <message>
        <source>Solved: %1</source>
        <translation>已解决：%1</translation>
    </message>
    <message>
        <source>Not yet: %1</source>
        <translation>未完成：%1</translation>
    </message>
    <message>
        <source>Faults left: %1 of %2</source>
        <translation>剩余故障：%1，预算 %2</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::CompareController</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>none in %1</source>
        <translation>%1 内没有</translation>
    </message>
    <message>
        <source>next holder after the crash: %1 vs %2</source>
        <translation>崩溃后下一个持有者：%1 对 %2</translation>
    </message>
    <message>
        <source>most holders at once: %1 vs %2</source>
        <translation>同时持有锁的最多客户端数：%1 对 %2</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>违例</translation>
    </message>
    <message>
        <source>notifications per release</source>
        <translation>每次释放的通知数</translation>
    </message>
    <message>
        <source>requests per release</source>
        <translation>每次释放的请求数</translation>
    </message>
    <message>
        <source>holders now</source>
        <translation>当前持有者</translation>
    </message>
    <message>
        <source>ms mean handoff</source>
        <translation>平均交接 ms</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>获取锁次数</translation>
    </message>
    <message>
        <source>%1 %2 vs %3</source>
        <extracomment>&quot;9 notifications per release vs 1&quot;: %1 and %3 the two runs&apos; figures, %2 what they count.</extracomment>
        <translation>%2：%1 对 %3</translation>
    </message>
    <message>
        <source>no difference yet</source>
        <translation>暂无差别</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::ExplorerRunner</name>
    <message>
        <source>stopped after %1 runs</source>
        <translation>%1 次运行后已停止</translation>
    </message>
    <message>
        <source>no violation within %1 runs (faults %2)</source>
        <translation>%1 次运行内没有违例（故障 %2）</translation>
    </message>
    <message>
        <source>found %1 in run %2, shrunk to %3 clients%4</source>
        <translation>在第 %2 次运行中发现 %1，已缩减到 %3 个客户端%4</translation>
    </message>
    <message>
        <source>searching: run %1 of %2 …</source>
        <translation>搜索中：第 %1 / %2 次运行 …</translation>
    </message>
    <message>
        <source>the search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>cannot write the found lesson: %1</source>
        <translation>无法写入找到的课程：%1</translation>
    </message>
    <message>
        <source>%1 · opened %2</source>
        <translation>%1 · 已打开 %2</translation>
    </message>
    <message>
        <source>searching …</source>
        <translation>搜索中 …</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::FaultController</name>
    <message>
        <source>unknown fault &quot;%1&quot; or client &quot;%2&quot;</source>
        <translation>未知的故障“%1”或客户端“%2”</translation>
    </message>
    <message>
        <source>%1 does not apply to this service</source>
        <translation>%1 不适用于此服务</translation>
    </message>
    <message>
        <source>unknown instance fault &quot;%1&quot; or instance &quot;%2&quot;</source>
        <translation>未知的实例故障“%1”或实例“%2”</translation>
    </message>
    <message>
        <source>%1 has no replica to fail over to</source>
        <translation>%1 没有可故障转移的副本</translation>
    </message>
    <message>
        <source>unknown server fault &quot;%1&quot;</source>
        <translation>未知的服务器故障“%1”</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::LessonListModel</name>
    <message>
        <source>1 lesson needs live servers, as the model&apos;s one server cannot show them (%1): switch the backend to live to list them</source>
        <translation>1 个课程需要真实服务器，模型中的单个服务器无法演示它（%1）：把后端切换为“真实”即可列出</translation>
    </message>
    <message>
        <source>%1 lessons need live servers, as the model&apos;s one server cannot show them (%2): switch the backend to live to list them</source>
        <translation>%1 个课程需要真实服务器，模型中的单个服务器无法演示它们（%2）：把后端切换为“真实”即可列出</translation>
    </message>
    <message>
        <source>More lessons</source>
        <translation>更多课程</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::LiveRunner</name>
    <message>
        <source>a live run is still in progress</source>
        <translation>一次真实运行仍在进行中</translation>
    </message>
    <message>
        <source>live: expected a connection string like %1</source>
        <translation>真实：需要形如 %1 的连接串</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>真实：%1</translation>
    </message>
    <message>
        <source>%1: the run failed: %2</source>
        <translation>%1：运行失败：%2</translation>
    </message>
    <message>
        <source>live: connecting to %1 …</source>
        <translation>真实：正在连接 %1 …</translation>
    </message>
    <message>
        <source>the live run failed: %1</source>
        <translation>真实运行失败：%1</translation>
    </message>
    <message>
        <source>live: %1 · recorded %2 events in real time</source>
        <translation>真实：%1 · 实时记录了 %2 个事件</translation>
    </message>
    <message>
        <source>a run is still being made</source>
        <translation>仍在生成一次运行</translation>
    </message>
    <message>
        <source>making the run with %1 clients …</source>
        <translation>正在生成 %1 个客户端的运行 …</translation>
    </message>
    <message>
        <source>the run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::MetricsChart</name>
    <message>
        <source>notifications per release · %1</source>
        <translation>每次释放的通知数 · %1</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::MetricsModel</name>
    <message>
        <source>acquisitions</source>
        <translation>获取锁次数</translation>
    </message>
    <message>
        <source>releases</source>
        <translation>释放次数</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>notifications</source>
        <translation>通知数</translation>
    </message>
    <message>
        <source>notifications / release</source>
        <translation>通知数 / 释放</translation>
    </message>
    <message>
        <source>requests / release</source>
        <translation>请求数 / 释放</translation>
    </message>
    <message>
        <source>mean handoff (ms)</source>
        <translation>平均交接时间 (ms)</translation>
    </message>
    <message>
        <source>holders now</source>
        <translation>当前持有者</translation>
    </message>
    <message>
        <source>violations so far</source>
        <translation>至此违例数</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::PlaybackController</name>
    <message>
        <source>slowed: %1</source>
        <translation>放慢：%1</translation>
    </message>
    <message>
        <source>skipping: %1</source>
        <translation>快进：%1</translation>
    </message>
    <message>
        <source>%1&apos;s session: %2 s left</source>
        <translation>%1 的会话：还剩 %2 秒</translation>
    </message>
    <message>
        <source>quiet for %1 s</source>
        <translation>安静 %1 秒</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::RunDescription</name>
    <message>
        <source>all kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>all clients</source>
        <translation>所有客户端</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::ScenarioSession</name>
    <message>
        <source>%1:1:1: cannot read the file: %2</source>
        <translation>%1:1:1：无法读取文件：%2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::SpaceTimeView</name>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>window %1 ms%2 · wheel to zoom · click to jump</source>
        <translation>窗口 %1 ms%2 · 滚轮缩放 · 单击跳转</translation>
    </message>
    <message>
        <source> · 1 in %1 messages drawn</source>
        <translation> · 每 %1 条消息画 1 条</translation>
    </message>
    <message>
        <source> · causal slice: %1 of %2 events</source>
        <translation> · 因果切片：%2 个事件中的 %1 个</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::StageView</name>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>%1 (live)</source>
        <translation>%1（真实服务器）</translation>
    </message>
    <message>
        <source>%1 (model)</source>
        <translation>%1（模型）</translation>
    </message>
    <message>
        <source> · DOWN</source>
        <translation> · 宕机</translation>
    </message>
    <message>
        <source>  · ephemeral</source>
        <translation>  · 临时</translation>
    </message>
    <message>
        <source>  ← held, waiting for its other locks</source>
        <translation>  ← 已持有，等待其余的锁</translation>
    </message>
    <message>
        <source>  ← held by a dead session</source>
        <translation>  ← 由已失效的会话持有</translation>
    </message>
    <message>
        <source>  ← holds the lock</source>
        <translation>  ← 持有锁</translation>
    </message>
    <message>
        <source>… and %1 more nodes</source>
        <translation>… 另有 %1 个节点</translation>
    </message>
    <message>
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>reply</source>
        <translation>响应</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>waits for (wait-for graph)</source>
        <translation>等待（等待图）</translation>
    </message>
    <message>
        <source>deadlock cycle</source>
        <translation>死锁环</translation>
    </message>
    <message>
        <source>deadlock victim</source>
        <translation>死锁牺牲者</translation>
    </message>
    <message>
        <source>vote: locked (SET NX OK)</source>
        <translation>投票：已加锁 (SET NX OK)</translation>
    </message>
    <message>
        <source>vote: refused (held elsewhere)</source>
        <translation>投票：被拒（锁在别处）</translation>
    </message>
    <message>
        <source>vote: no answer</source>
        <translation>投票：无应答</translation>
    </message>
    <message>
        <source>watch notification</source>
        <translation>监听 (watch) 通知</translation>
    </message>
    <message>
        <source>children watch</source>
        <translation>子节点监听</translation>
    </message>
    <message>
        <source>node watch (exists / getData)</source>
        <translation>节点监听 (exists / getData)</translation>
    </message>
    <message>
        <source>session left (s) of a silent client</source>
        <translation>沉默客户端的会话剩余时间（秒）</translation>
    </message>
    <message>
        <source>gap at the end</source>
        <translation>末尾的间隙</translation>
    </message>
    <message>
        <source>gap before %1</source>
        <translation>%1 之前的间隙</translation>
    </message>
    <message>
        <source>queued for a lock</source>
        <translation>排队等锁</translation>
    </message>
    <message>
        <source>no transaction</source>
        <translation>无事务</translation>
    </message>
    <message>
        <source>session ended: %1</source>
        <translation>会话已结束：%1</translation>
    </message>
    <message>
        <source>txn %1 aborted: %2 (until ROLLBACK)</source>
        <translation>事务 %1 已中止：%2（直到 ROLLBACK）</translation>
    </message>
    <message>
        <source>txn %1 aborted: %2</source>
        <translation>事务 %1 已中止：%2</translation>
    </message>
    <message>
        <source>txn %1 ended</source>
        <translation>事务 %1 已结束</translation>
    </message>
    <message>
        <source>txn %1 open (BEGIN)</source>
        <translation>事务 %1 进行中 (BEGIN)</translation>
    </message>
    <message>
        <source>txn %1 open (one statement)</source>
        <translation>事务 %1 进行中（单条语句）</translation>
    </message>
    <message>
        <source>queue:</source>
        <translation>队列：</translation>
    </message>
    <message>
        <source>table %1</source>
        <translation>表 %1</translation>
    </message>
    <message>
        <source>no row touched yet</source>
        <translation>尚未触及任何行</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>(as seeded)</source>
        <translation>（初始数据）</translation>
    </message>
    <message>
        <source>(no committed row)</source>
        <translation>（无已提交的行）</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>→ %1  uncommitted, %2</source>
        <translation>→ %1  未提交，%2</translation>
    </message>
    <message>
        <source>advisory locks</source>
        <translation>咨询锁 (advisory lock)</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>none held</source>
        <translation>无人持有</translation>
    </message>
    <message>
        <source>nobody waits</source>
        <translation>无人等待</translation>
    </message>
    <message>
        <source>arrow: waits for</source>
        <translation>箭头：等待</translation>
    </message>
    <message>
        <source>wait-for graph</source>
        <translation>等待图 (wait-for graph)</translation>
    </message>
    <message>
        <source>deadlock %1, victim %2 (at %3 ms)</source>
        <translation>死锁 %1，牺牲者 %2（%3 ms 时）</translation>
    </message>
    <message>
        <source> (victim)</source>
        <translation> (牺牲者)</translation>
    </message>
    <message>
        <source>txn %1 %2</source>
        <translation>事务 %1 %2</translation>
    </message>
    <message>
        <source>from %1: </source>
        <translation>来自 %1：</translation>
    </message>
    <message>
        <source>in sync</source>
        <translation>已同步</translation>
    </message>
    <message>
        <source>1 change in transit</source>
        <translation>1 条变更在途</translation>
    </message>
    <message>
        <source>%1 changes in transit</source>
        <translation>%1 条变更在途</translation>
    </message>
    <message>
        <source>, oldest %1 ms</source>
        <translation>，最早的已等 %1 ms</translation>
    </message>
    <message>
        <source>clock %1</source>
        <translation>时钟 %1</translation>
    </message>
    <message>
        <source>live server: keys are seen only in the model</source>
        <translation>真实服务器：只有模型中才能看到键</translation>
    </message>
    <message>
        <source>  ttl %1 ms</source>
        <translation>  TTL %1 ms</translation>
    </message>
    <message>
        <source>  no expiry</source>
        <translation>  不过期</translation>
    </message>
    <message>
        <source>%1 of %2 locked, %3 needed</source>
        <translation>已锁 %1/%2，需 %3</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>某个客户端</translation>
    </message>
    <message>
        <source> (token %1)</source>
        <translation>（令牌 %1）</translation>
    </message>
    <message>
        <source>%1 read %2</source>
        <translation>%1 读到 %2</translation>
    </message>
    <message>
        <source>%1 wrote %2 over %3&apos;s %4: update lost</source>
        <translation>%1 写入 %2，覆盖了 %3 的 %4：更新丢失</translation>
    </message>
    <message>
        <source>%1 wrote %2 over %3: update lost</source>
        <translation>%1 写入 %2，覆盖了 %3：更新丢失</translation>
    </message>
    <message>
        <source>%1 wrote %2</source>
        <translation>%1 写入 %2</translation>
    </message>
    <message>
        <source>%1: token %2 &lt; %3, rejected</source>
        <translation>%1：令牌 %2 &lt; %3，被拒绝</translation>
    </message>
    <message>
        <source>%1&apos;s write rejected (%2)</source>
        <translation>%1 的写入被拒绝（%2）</translation>
    </message>
    <message>
        <source>%1&apos;s write rejected</source>
        <translation>%1 的写入被拒绝</translation>
    </message>
    <message>
        <source>Protected counter</source>
        <translation>受保护的计数器</translation>
    </message>
    <message>
        <source>fenced · highest token %1</source>
        <translation>有防护令牌 · 最高 %1</translation>
    </message>
    <message>
        <source>fenced</source>
        <translation>有防护令牌</translation>
    </message>
    <message>
        <source>write %1</source>
        <translation>写 %1</translation>
    </message>
    <message>
        <source> · token %1</source>
        <translation> · 令牌 %1</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>令牌 %1</translation>
    </message>
    <message>
        <source>Two holders! %1 and %2</source>
        <translation>两个持有者！%1 和 %2</translation>
    </message>
    <message>
        <source>%1 holders at once!</source>
        <translation>%1 个客户端同时持有！</translation>
    </message>
    <message>
        <source>  · czxid %1</source>
        <translation>  · czxid %1</translation>
    </message>
    <message>
        <source>%1 clients:</source>
        <translation>%1 个客户端：</translation>
    </message>
    <message>
        <source>no watches armed</source>
        <translation>没有已设置的监听</translation>
    </message>
    <message>
        <source>%1 watches, all on %2</source>
        <translation>%1 个监听，全都在 %2 上</translation>
    </message>
    <message>
        <source>%1 watches, one on each of %2 nodes</source>
        <translation>%1 个监听，%2 个节点上各一个</translation>
    </message>
    <message>
        <source>%1 watches on %2 nodes, %3 of them on %4</source>
        <translation>%1 个监听分布在 %2 个节点上，其中 %3 个在 %4 上</translation>
    </message>
    <message>
        <source>notifications per release</source>
        <translation>每次释放的通知数</translation>
    </message>
    <message>
        <source>no release yet</source>
        <translation>还没有释放</translation>
    </message>
    <message>
        <source>release %1:</source>
        <translation>第 %1 次释放：</translation>
    </message>
    <message>
        <source>1 notification</source>
        <translation>1 条通知</translation>
    </message>
    <message>
        <source>%1 notifications</source>
        <translation>%1 条通知</translation>
    </message>
    <message>
        <source>persistent watch (addWatch)</source>
        <translation>持久监听 (addWatch)</translation>
    </message>
    <message>
        <source>cache: %1 (v%2)</source>
        <translation>缓存：%1（v%2）</translation>
    </message>
    <message>
        <source>cache: %1</source>
        <translation>缓存：%1</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>network cut (partition)</source>
        <translation>网络被切断（分区）</translation>
    </message>
</context>
<context>
    <name>lockscope::gui::VerdictLine</name>
    <message>
        <source>settings changed: the lesson&apos;s expectations are not judged</source>
        <translation>设置已更改：不再评判本课的预期</translation>
    </message>
    <message>
        <source>the lesson&apos;s expectations are judged at the end of the run</source>
        <translation>本课的预期在运行结束时评判</translation>
    </message>
    <message>
        <source>expectations hold</source>
        <translation>预期全部满足</translation>
    </message>
    <message>
        <source>expectation failed: %1</source>
        <translation>预期未满足：%1</translation>
    </message>
    <message>
        <source> · %1 violation(s), first: %2</source>
        <translation> · %1 次违例，首个：%2</translation>
    </message>
    <message>
        <source> · %1 violation(s) so far, first: %2</source>
        <translation> · 至此 %1 次违例，首个：%2</translation>
    </message>
    <message>
        <source>a challenge attempt: the expectations are the clean run&apos;s, not judged</source>
        <translation>挑战尝试：预期针对的是未加故障的运行，此处不评判</translation>
    </message>
</context>
</TS>
