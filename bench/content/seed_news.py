"""Adds N generated news items to the Onda database (SQLite file or a PostgreSQL CSV for \\copy), with
varied Portuguese titles, subtitles and ~1.5 KB of HTML, one a minute back from now; then writes the
path lists the benchmark requests: news pages, single news slugs, and a varied search query set.

usage: seed_news.py N sqlite DB_FILE OUT_DIR | seed_news.py N postgres CSV_FILE OUT_DIR CATEGORY_IDS
"""

import csv
import random
import sqlite3
import sys
import time
import urllib.parse

SUBJECTS = ["Show", "Festival", "Samba", "Forró", "Sertanejo", "Orquestra", "Cantora", "Banda", "Prefeitura",
            "Mercado", "Bolsa", "Inflação", "Vacina", "Hospital", "Carro elétrico", "Seleção", "Chuva", "Trânsito",
            "Cinema", "Série", "Restaurante", "Moda praia", "Turismo", "Aplicativo", "Startup", "Eleição",
            "Música italiana", "Rock nacional", "MPB", "Pagode", "Jazz", "Clássicos", "Rádio", "Podcast"]
VERBS = ["anuncia", "lança", "celebra", "reúne", "prepara", "confirma", "adia", "estreia", "amplia", "divulga",
         "apresenta", "retoma", "encerra", "bate recorde com", "surpreende com"]
OBJECTS = ["turnê nacional", "novo álbum", "edição gratuita", "programação de verão", "parceria inédita",
           "projeto social", "homenagem a Tom Jobim", "temporada em São Paulo", "noite especial", "clipe inédito",
           "investimento bilionário", "plano de expansão", "campanha de vacinação", "festival de inverno",
           "mostra de cinema", "feira gastronômica", "roteiro pelo Nordeste", "versão acústica"]
PLACES = ["em Curitiba", "no Rio de Janeiro", "em Salvador", "em Belo Horizonte", "em Porto Alegre",
          "em Florianópolis", "em Brasília", "em Recife", "em Campinas", "no interior paulista", "na capital",
          "em Vitória", "em Fortaleza", "em Manaus", ""]
PARAGRAPH = ("<p>O evento, que deve atrair milhares de pessoas, faz parte da programação anual e conta com "
             "apoio de patrocinadores locais. Segundo os organizadores, a estrutura foi ampliada para receber "
             "o público com conforto e segurança, e os ingressos começam a ser vendidos na próxima semana.</p>")


def title(rng):
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(PLACES)}".strip()


def rows(n, category_ids):
    rng = random.Random(1975)
    now = int(time.time())
    for i in range(1, n + 1):
        t = title(rng)
        yield (f"bench-{i}", category_ids[i % len(category_ids)], t, f"Saiba mais: {title(rng).lower()}.",
               PARAGRAPH * rng.randint(3, 6), "Redação", 1 if i % 25 == 0 else 0, now - 120 - i * 60)


def queries(rng):
    words = set()
    for part in SUBJECTS + OBJECTS:
        words.update(w for w in part.split() if len(w) > 3)
    out = []
    for w in sorted(words):
        out.append(w.lower())                                   # a whole word
        out.append(w[: max(2, len(w) // 2)].lower())            # the word being typed
        plain = w.translate(str.maketrans("áâãéêíóôõúç", "aaaeeiooouc")).lower()
        out.append(plain)                                       # typed without accents
    for _ in range(150):
        out.append(f"{rng.choice(SUBJECTS)} {rng.choice(OBJECTS).split()[0]}".lower())   # two words
    out += ["musica", "músicas", "sao paulo", "show em curitiba", "festival de inverno", "a", "xyzzy",
            "qwertyuiop", "elis", "ro"]                            # stems, places, misses
    return out


def main():
    n, backend, target, out_dir = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    if backend == "sqlite":
        db = sqlite3.connect(target)
        category_ids = [r[0] for r in db.execute("SELECT id FROM news_categories ORDER BY id")]
        db.executemany(
            "INSERT INTO news (slug, category_id, title, subtitle, content, author, is_pro, published_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows(n, category_ids))
        db.commit()
        db.close()
    else:
        category_ids = [int(x) for x in sys.argv[5].split(",")]
        with open(target, "w", newline="") as f:
            csv.writer(f).writerows(rows(n, category_ids))
    rng = random.Random(7)
    with open(f"{out_dir}/list.txt", "w") as f:
        for page in range(200):
            f.write(f"/api/v1/news/getNews/{page * 12}/12/1/0\n")
    with open(f"{out_dir}/single.txt", "w") as f:
        for _ in range(2000):
            f.write(f"/api/v1/news/getSingleNews/bench-{rng.randint(1, n)}\n")
    with open(f"{out_dir}/search.txt", "w") as f:
        for q in queries(rng):
            f.write(f"/api/v1/search?q={urllib.parse.quote(q)}\n")


if __name__ == "__main__":
    main()
